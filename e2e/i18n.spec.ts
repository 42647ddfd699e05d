import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { messages } from '@clinica/shared';
import { LOCAL_KEYS } from '../apps/web/src/lib/storage-keys';
import { test, expect, uniqueEmail } from './fixtures';
import { visitedBefore } from './frame-helpers';

// The seven languages (issue 9): the browser's language on a first visit, the switcher at the top
// right, the home page, a form's labels and a server message in each language, the choice kept
// across a reload, and <html lang> following. Expected texts come from the catalogues themselves.

const web = path.resolve(import.meta.dirname, '../apps/web/src');
type Tree = Record<string, unknown>;
const catalogue = (dir: string, lng: string) => JSON.parse(fs.readFileSync(path.join(web, dir, `${lng}.json`), 'utf8')) as Tree;
const get = (tree: Tree, key: string) => key.split('.').reduce<unknown>((node, k) => (node as Tree)[k], tree) as string;

const LANGS = {
  es: 'Español',
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
  'zh-TW': '繁體中文',
  'zh-CN': '简体中文',
} as const;
type Lng = keyof typeof LANGS;

const texts = (lng: Lng) => {
  const frame = catalogue('app/locales', lng);
  const site = catalogue('features/site/locales', lng);
  const auth = catalogue('features/auth/locales', lng);
  const msgs = lng === 'es' ? (messages as unknown as Tree) : catalogue('locales/messages', lng);
  return {
    menuHome: get(frame, 'menu.home'),
    menuNews: get(frame, 'menu.noticias'),
    languageButton: get(frame, 'language.button').replace('{{language}}', LANGS[lng]),
    homeTitle: get(site, 'home.title'),
    loginTitle: get(auth, 'login.title'),
    email: get(auth, 'fields.email'),
    password: get(auth, 'fields.password'),
    invalidCredentials: get(msgs, 'invalidCredentials'),
    missingFields: get(msgs, 'missingFields'),
    loginSubmit: get(auth, 'login.submit'),
    accept: get(catalogue('components/ui/locales', lng), 'alert.accept'),
  };
};

const mainMenu = (page: Page) => page.locator('#menu-principal nav');

async function chooseLanguage(page: Page, from: Lng, to: Lng) {
  await page.getByRole('button', { name: texts(from).languageButton }).click();
  const list = page.getByRole('listbox');
  await expect(list).toBeVisible();
  await list.getByRole('option', { name: LANGS[to] }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', to);
}

test.describe('a first visit with the browser in French', () => {
  test.use({ locale: 'fr-FR' });

  test('shows the site in French', async ({ page, context, baseURL }) => {
    await visitedBefore(page, context, baseURL!);
    await page.goto('/');
    const fr = texts('fr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1, name: fr.homeTitle })).toBeVisible();
    await expect(mainMenu(page).getByRole('link', { name: fr.menuNews })).toBeVisible();
    await expect(page.getByRole('button', { name: fr.languageButton })).toBeVisible();
  });
});

test.describe('the language switcher', () => {
  test.beforeEach(async ({ page, context, baseURL }) => {
    await visitedBefore(page, context, baseURL!);
  });

  for (const lng of Object.keys(LANGS) as Lng[]) {
    test(`switching to ${lng} changes the home page, the login form and its error, and survives a reload`, async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      const want = texts(lng);
      await chooseLanguage(page, 'es', lng);

      // The home page and the frame.
      await expect(page.getByRole('heading', { level: 1, name: want.homeTitle })).toBeVisible();
      await expect(mainMenu(page).getByRole('link', { name: want.menuHome, exact: true })).toBeVisible();
      expect(await page.evaluate((key) => localStorage.getItem(key), LOCAL_KEYS.language)).toBe(lng);

      // A form's labels, a validation message and a server message.
      await page.goto('/Login');
      const dialog = page.getByRole('dialog', { name: want.loginTitle });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: want.loginSubmit }).click();
      await expect(dialog.getByText(want.missingFields).first()).toBeVisible();
      await dialog.getByLabel(want.email).fill(uniqueEmail('idioma'));
      await dialog.getByLabel(want.password).fill('contraseña-equivocada');
      await dialog.getByRole('button', { name: want.loginSubmit }).click();
      const alert = page.getByRole('alertdialog');
      await expect(alert).toContainText(want.invalidCredentials);
      await alert.getByRole('button', { name: want.accept }).click();

      // The choice survives a reload.
      await page.goto('/');
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('lang', lng);
      await expect(page.getByRole('heading', { level: 1, name: want.homeTitle })).toBeVisible();
    });
  }

  test('the switcher is usable by keyboard, with each language named in itself', async ({ page }) => {
    await page.goto('/noticias');
    const button = page.getByRole('button', { name: texts('es').languageButton });
    await button.focus();
    await page.keyboard.press('Enter');
    const list = page.getByRole('listbox');
    await expect(list).toBeVisible();
    for (const name of Object.values(LANGS)) await expect(list.getByRole('option', { name })).toBeVisible();
    await expect(list.getByRole('option', { name: 'Español' })).toHaveAttribute('aria-selected', 'true');
    await expect(list.getByRole('option', { name: 'Español' })).toBeFocused();
    await page.keyboard.press('ArrowDown'); // English
    await page.keyboard.press('ArrowDown'); // Français
    await page.keyboard.press('ArrowDown'); // Deutsch
    await expect(list.getByRole('option', { name: 'Deutsch' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(list).toBeHidden();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('button', { name: texts('de').languageButton })).toBeFocused();
    await expect(mainMenu(page).getByRole('link', { name: texts('de').menuNews })).toBeVisible();
    // Escape closes without changing.
    await page.keyboard.press('ArrowDown');
    await expect(list).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  test('the switcher is also on administrator and doctor pages', async ({ page }) => {
    await page.goto('/Admin');
    await expect(page.getByRole('button', { name: texts('es').languageButton })).toBeVisible();
    await page.goto('/Login_Admin_Doctor');
    await expect(page.getByRole('button', { name: texts('es').languageButton })).toBeVisible();
  });
});
