import { messages } from '@clinica/shared';
import { test, expect, registerPatient, registerStaff } from './fixtures';
import { visitedBefore } from './frame-helpers';
import { linkIn, waitForMail } from './mailbox';

// Password recovery (issue 13) through the pages, with the link read from the e-mail that the
// test SMTP server received. The e2e server's links expire after 45 s (TEST_ONLY_..., see
// scripts/e2e-server.mjs); the 30-minute rule itself is proven by the API tests' clock.
const SUBJECT = 'Restablezca su contraseña';
const LINK_TTL_MS = 45_000;

test.beforeEach(async ({ page, context, baseURL }) => {
  await visitedBefore(page, context, baseURL!);
});

// Asked for first, so that it has expired by the time the last test opens it.
let expiring: { link: string; issuedAt: number };
test.beforeAll(async ({ request }) => {
  const { email } = await registerPatient(request);
  const issuedAt = Date.now();
  const res = await request.post('/api/auth/password/forgot', { data: { email } });
  expect(res.status()).toBe(200);
  expiring = { link: linkIn(await waitForMail(email, SUBJECT), '/restablecer-contrasena'), issuedAt };
});

test('a patient recovers a forgotten password through the e-mailed link and signs in; the old password fails', async ({ page, browser }) => {
  const { email, password } = await registerPatient(page.request);

  // From the login pop-up to the request page.
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Iniciar sesión' }).click();
  const loginDialog = page.getByRole('dialog', { name: 'Iniciar sesión' });
  await loginDialog.getByRole('link', { name: messages.forgotPasswordLink }).click();
  await expect(page).toHaveURL(/\/recuperar-contrasena$/);
  await expect(loginDialog).toBeHidden();
  await expect(page.getByRole('heading', { name: '¿Olvidó su contraseña?' })).toBeVisible();

  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByRole('status')).toContainText(messages.passwordResetRequested);

  // The link from the e-mail.
  const mail = await waitForMail(email, SUBJECT);
  expect(mail.text).toContain('válido durante 30 minutos');
  const link = linkIn(mail, '/restablecer-contrasena');
  expect(link).toMatch(/\/restablecer-contrasena#token=[\w-]{43}$/);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Crear una contraseña nueva' })).toBeVisible();
  // Validated like registration.
  await page.getByLabel('Contraseña nueva', { exact: true }).fill('nueva-clave-2026');
  await page.getByLabel('Confirmar contraseña nueva').fill('otra-clave-2026');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByText(messages.passwordsDoNotMatch)).toBeVisible();
  await page.getByLabel('Confirmar contraseña nueva').fill('nueva-clave-2026');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByRole('status')).toContainText(messages.passwordResetOk);

  // Sign in with the new password.
  await page.getByRole('link', { name: 'Iniciar sesión' }).click();
  const dialog = page.getByRole('dialog', { name: 'Iniciar sesión' });
  await dialog.getByLabel('Correo electrónico').fill(email);
  await dialog.getByLabel('Contraseña').fill('nueva-clave-2026');
  await dialog.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/consultas-virtuales$/);
  await expect(page.getByRole('banner')).toContainText('Lucía Batista');

  // The old password no longer works (another browser, through the pop-up).
  const other = await browser.newContext();
  try {
    const page2 = await other.newPage();
    await page2.goto('/Login');
    const dialog2 = page2.getByRole('dialog', { name: 'Iniciar sesión' });
    await dialog2.getByLabel('Correo electrónico').fill(email);
    await dialog2.getByLabel('Contraseña').fill(password);
    await dialog2.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page2.getByRole('alertdialog')).toContainText(messages.invalidCredentials);
    await expect(page2).not.toHaveURL(/consultas-virtuales/);
  } finally {
    await other.close();
  }

  // The link was used: opening it again says so.
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText(messages.resetLinkUsed);
  await expect(page.getByRole('button', { name: 'Cambiar contraseña' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Solicitar un enlace nuevo' }).click();
  await expect(page).toHaveURL(/\/recuperar-contrasena$/);
});

test('a doctor reaches recovery from the staff login page, for a doctor account', async ({ page }) => {
  const { email } = await registerStaff(page.request, 'doctor');
  await page.goto('/Login_Admin_Doctor');
  await page.getByRole('link', { name: messages.forgotPasswordLink }).click();
  await expect(page).toHaveURL(/\/recuperar-contrasena\?cuenta=doctor$/);
  await expect(page.getByText('Cuenta de doctor')).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByRole('status')).toContainText(messages.passwordResetRequested);
  const mail = await waitForMail(email, SUBJECT);
  expect(mail.text).toContain('su cuenta de médico');
  await page.goto(linkIn(mail, '/restablecer-contrasena'));
  await page.getByLabel('Contraseña nueva', { exact: true }).fill('doctor-nueva-2026');
  await page.getByLabel('Confirmar contraseña nueva').fill('doctor-nueva-2026');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByRole('status')).toContainText(messages.passwordResetOk);
  await page.getByRole('link', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/Login_Admin_Doctor$/);
});

test('an expired link is refused with a clear message', async ({ page }) => {
  const wait = expiring.issuedAt + LINK_TTL_MS + 1000 - Date.now();
  test.setTimeout(60_000 + Math.max(0, wait));
  if (wait > 0) await page.waitForTimeout(wait);
  await page.goto(expiring.link);
  await expect(page.getByRole('alert')).toHaveText(messages.resetLinkExpired);
  await expect(page.getByLabel('Contraseña nueva', { exact: true })).toHaveCount(0);
});

test('a damaged link is refused with a clear message', async ({ page }) => {
  await page.goto('/restablecer-contrasena#token=no-es-un-enlace');
  await expect(page.getByRole('alert')).toHaveText(messages.resetLinkInvalid);
});
