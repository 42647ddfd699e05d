import type { Browser, Page } from '@playwright/test';
import { messages } from '@clinica/shared';
import { test, expect, PNG_1X1, login, registerPatient, uniqueEmail } from './fixtures';
import { acceptAlert, visitedBefore } from './frame-helpers';

// Issue 23, items 1, 6 and 7 (decision 0043), as a person on a phone meets them: the widgets'
// tabs open on a tap, step aside for a pop-up and a text field, and say once how to move them;
// the registration pop-up keeps what was typed after a stray tap; the login pop-up after a
// registration carries the address; the phone menu closes with a pop-up; the session warning
// speaks of touching the screen.

const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true } as const;

async function phonePage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  await visitedBefore(page, context, baseURL);
  return page;
}

const musicTab = (page: Page) => page.getByRole('button', { name: /reproductor de música/ });
const socialTab = (page: Page) => page.getByRole('button', { name: /redes sociales de la clínica/ });

test('phone: the widgets are tabs at the edges that open on a tap, with a first-use hint shown once', async ({ browser, baseURL }) => {
  const page = await phonePage(browser, baseURL!);
  await page.goto('/noticias');
  const music = musicTab(page);
  await expect(music).toBeVisible();
  const box = (await music.boundingBox())!;
  // A 24 × 48 tab against the right edge, 115 px from the bottom (the specification's corner).
  expect(Math.round(box.x + box.width)).toBe(360);
  expect(Math.round(box.width)).toBe(24);
  expect(Math.round(740 - (box.y + box.height))).toBe(115);
  const social = socialTab(page);
  const sbox = (await social.boundingBox())!;
  expect(Math.round(sbox.x)).toBe(0);
  expect(Math.abs(sbox.y + sbox.height / 2 - 740 * 0.85)).toBeLessThanOrEqual(1);

  // A tap opens the social tab's links, with the hint; 'Entendido' dismisses it for good.
  await social.tap();
  await expect(page.getByRole('link', { name: /Facebook de la clínica/ })).toBeVisible();
  const hint = page.getByRole('note', { name: 'Cómo mover los botones flotantes' });
  await expect(hint).toContainText('manténgala pulsada y deslícela para moverla');
  await hint.getByRole('button', { name: 'Entendido' }).tap();
  await expect(hint).toHaveCount(0);
  await social.tap();
  await expect(page.getByRole('link', { name: /Facebook de la clínica/ })).toBeHidden();

  // The music tab opens the player on a tap; the hint does not come back.
  await music.tap();
  await expect(page.getByRole('button', { name: 'Cerrar el reproductor de música' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('#music-player-panel iframe')).toHaveAttribute('title', 'Lista de reproducción de la clínica');
  await page.reload();
  await musicTab(page).tap();
  await expect(page.locator('#music-player-panel iframe')).toBeVisible();
  await expect(hint).toHaveCount(0);
  await page.context().close();
});

test('phone: the tabs step aside while a pop-up is open and while a text field is in use', async ({ browser, baseURL }) => {
  const page = await phonePage(browser, baseURL!);
  const patient = await registerPatient(page.request);
  await login(page, 'patient', patient);
  await page.goto('/Sugerencias');
  const music = page.getByTestId('music-player');
  await expect(musicTab(page)).toBeVisible();
  // Typing (the on-screen keyboard is up on a real phone): the tabs leave the edge.
  await page.getByRole('textbox').first().tap();
  await expect(music).toBeHidden();
  await expect(socialTab(page)).toBeHidden();
  await page.getByRole('heading', { level: 1 }).tap();
  await expect(musicTab(page)).toBeVisible();

  // A pop-up (here the sign-out's alert of an empty suggestion): the tabs are not drawn over it.
  await page.goto('/');
  await expect(musicTab(page)).toBeVisible();
  await page.evaluate(() => {
    const d = document.createElement('dialog');
    d.textContent = 'prueba';
    document.body.append(d);
    d.showModal();
  });
  await expect(music).toBeHidden();
  await page.evaluate(() => document.querySelector('dialog')!.close());
  await expect(musicTab(page)).toBeVisible();
  await page.context().close();
});

test('phone: the registration pop-up closed by a stray tap reopens with what was typed (not the passwords nor the image)', async ({ browser, baseURL }) => {
  const page = await phonePage(browser, baseURL!);
  await page.goto('/');
  await page.getByRole('button', { name: 'Menú' }).tap();
  await page.getByRole('banner').getByRole('button', { name: 'Registrarse' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Registro de paciente' });
  await expect(dialog).toBeVisible();
  // The phone menu closed when the pop-up opened.
  await expect(page.getByRole('button', { name: 'Menú' })).toHaveAttribute('aria-expanded', 'false');

  await dialog.getByLabel('Nombre').fill('Marisol');
  await dialog.getByLabel('Apellido').fill('Tejada');
  await dialog.getByLabel('Cédula', { exact: true }).fill('8-444-5555');
  await dialog.getByLabel('Correo electrónico').fill('marisol@example.com');
  await dialog.getByLabel('Contraseña', { exact: true }).fill('clave-segura-1');
  await dialog.getByLabel('Confirmar contraseña').fill('clave-segura-1');
  await dialog.getByLabel('Nacionalidad').selectOption('Panamá');
  await dialog.getByLabel('Edad').fill('40');
  await dialog.getByLabel('Imagen de la cédula (frente)').setInputFiles({ name: 'cedula.png', mimeType: 'image/png', buffer: PNG_1X1 });

  // A stray tap on the backdrop, beside the box: the pop-up closes.
  await page.touchscreen.tap(4, 400);
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Menú' }).tap();
  await page.getByRole('banner').getByRole('button', { name: 'Registrarse' }).tap();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Nombre')).toHaveValue('Marisol');
  await expect(dialog.getByLabel('Apellido')).toHaveValue('Tejada');
  await expect(dialog.getByLabel('Cédula', { exact: true })).toHaveValue('8-444-5555');
  await expect(dialog.getByLabel('Correo electrónico')).toHaveValue('marisol@example.com');
  await expect(dialog.getByLabel('Nacionalidad')).toHaveValue('Panamá');
  await expect(dialog.getByLabel('Edad')).toHaveValue('40');
  await expect(dialog.getByLabel('Contraseña', { exact: true })).toHaveValue('');
  await expect(dialog.getByLabel('Confirmar contraseña')).toHaveValue('');
  expect(await dialog.getByLabel('Imagen de la cédula (frente)').evaluate((i: HTMLInputElement) => i.files?.length ?? 0)).toBe(0);
  // Kept in the page's memory only: nothing of it in the browser's storage.
  const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }));
  expect(stored).not.toContain('8-444-5555');
  expect(stored).not.toContain('clave-segura-1');
  // A reload forgets it.
  await page.reload();
  await page.getByRole('button', { name: 'Menú' }).tap();
  await page.getByRole('banner').getByRole('button', { name: 'Registrarse' }).tap();
  await expect(dialog.getByLabel('Cédula', { exact: true })).toHaveValue('');

  // Closing the pop-up with its × closes the phone menu too (it was opened again above).
  await dialog.getByRole('button', { name: 'Cerrar' }).tap();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Menú' })).toHaveAttribute('aria-expanded', 'false');
  await page.context().close();
});

test('after registering, the login pop-up carries the new e-mail address; the next registration starts empty', async ({ page, context, baseURL }) => {
  await visitedBefore(page, context, baseURL!);
  const email = uniqueEmail('carried');
  await page.goto('/Registro');
  const dialog = page.getByRole('dialog', { name: 'Registro de paciente' });
  await dialog.getByLabel('Nombre').fill('Rubén');
  await dialog.getByLabel('Apellido').fill('Gálvez');
  await dialog.getByLabel('Cédula', { exact: true }).fill('8-321-654');
  await dialog.getByLabel('Correo electrónico').fill(email);
  await dialog.getByLabel('Contraseña', { exact: true }).fill('clave-segura-1');
  await dialog.getByLabel('Confirmar contraseña').fill('clave-segura-1');
  await dialog.getByLabel('Edad').fill('52');
  await dialog.getByLabel('Dirección').fill('Calle 50, Ciudad de Panamá');
  await dialog.getByLabel('Código de país').selectOption('+507');
  await dialog.getByLabel('Celular').fill('61234567');
  await dialog.getByLabel('Imagen de la cédula (frente)').setInputFiles({ name: 'cedula.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await dialog.getByLabel(/Acepto los términos y condiciones/).check();
  await dialog.getByRole('button', { name: 'Registrarse' }).click();
  await acceptAlert(page, messages.registrationOk);

  const loginDialog = page.getByRole('dialog', { name: 'Iniciar sesión' });
  await expect(loginDialog.getByLabel('Correo electrónico')).toHaveValue(email);
  await expect(loginDialog.getByLabel('Contraseña')).toBeFocused();
  await loginDialog.getByRole('button', { name: 'Regístrese aquí' }).click();
  await expect(dialog.getByLabel('Nombre')).toHaveValue('');
  await expect(dialog.getByLabel('Correo electrónico')).toHaveValue('');
});

test('touch screen: the session warning says to touch the screen; with a mouse, to move it or press a key', async ({ browser, baseURL }) => {
  for (const touch of [true, false]) {
    const context = await browser.newContext(touch ? { ...PHONE, baseURL } : { baseURL });
    const page = await context.newPage();
    await visitedBefore(page, context, baseURL!);
    await page.clock.install();
    const patient = await registerPatient(page.request);
    await login(page, 'patient', patient);
    await page.goto('/Usuarios');
    await expect(page.getByRole('banner').getByRole('timer')).toBeVisible();
    await page.clock.fastForward('25:01');
    const warning = page.getByRole('alert').filter({ hasText: messages.sessionExpiringTitle });
    await expect(warning).toBeVisible();
    if (touch) {
      await expect(warning).toContainText(messages.sessionExpiringBodyTouch);
      await expect(warning).toContainText('Toque la pantalla para continuar.');
      await expect(warning).not.toContainText('Mueva el ratón');
      // The widgets are not drawn over the warning.
      await expect(page.getByTestId('music-player')).toBeHidden();
    } else {
      await expect(warning).toContainText(messages.sessionExpiringBody);
    }
    await context.close();
  }
});
