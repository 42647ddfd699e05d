import { expect, type BrowserContext, type Page } from '@playwright/test';
import { COOKIE_KEYS, SESSION_KEYS } from '../apps/web/src/lib/storage-keys';

/**
 * A browser session that has already seen the intro loader and the footer delay and accepted
 * cookies: for specs about something else than the site's frame.
 */
export async function visitedBefore(page: Page, context: BrowserContext, baseURL: string) {
  await context.addCookies([{ name: COOKIE_KEYS.consent, value: 'true', url: baseURL }]);
  await page.addInitScript((keys) => {
    sessionStorage.setItem(keys.introShown, '1');
    sessionStorage.setItem(keys.siteLoaded, '1');
  }, SESSION_KEYS);
}

/** Checks the alert dialog shows `message`, presses 'Aceptar' and waits for it to close. */
export async function acceptAlert(page: Page, message: string | RegExp) {
  const alert = page.getByRole('alertdialog');
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(message);
  await alert.getByRole('button', { name: 'Aceptar' }).click();
  await expect(alert).toBeHidden();
}
