import { Secret, TOTP } from 'otpauth';
import { messages } from '@clinica/shared';
import { test, expect, registerStaff, followMenuLink } from './fixtures';
import { acceptAlert, visitedBefore } from './frame-helpers';

// Two-factor sign-in of staff (issue 11, item 6): an administrator enrols an authenticator on
// the security page, signs out, signs in with the code, and a recovery code works once. The demo
// configuration leaves two-factor sign-in optional, so the account first signs in with the
// password alone.
test.beforeEach(async ({ page, context, baseURL }) => {
  await visitedBefore(page, context, baseURL!);
});

const totpOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

test('an administrator enrols an authenticator, signs in with its code, and a recovery code works once', async ({
  page,
}) => {
  const admin = await registerStaff(page.request, 'admin');

  const signIn = async () => {
    await page.goto('/Login_Admin');
    await expect(page.getByRole('heading', { name: 'Inicio de sesión de administradores' })).toBeVisible();
    await page.getByLabel('Correo electrónico').fill(admin.email);
    await page.getByLabel('Contraseña').fill(admin.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  };
  const signOut = async () => {
    await page.getByRole('banner').getByRole('button', { name: 'Cerrar sesión', exact: true }).click();
    await acceptAlert(page, messages.logoutOk);
    await expect(page).toHaveURL(/\/Admin$/);
  };

  // Not enrolled yet: the password alone signs in; the menu leads to the security page.
  await signIn();
  await expect(page).toHaveURL(/\/Consultas_Admin$/);
  await followMenuLink(page, 'Seguridad');
  await expect(page).toHaveURL(/\/Seguridad_Admin$/);
  await expect(page.getByRole('heading', { name: 'Verificación en dos pasos', level: 1 })).toBeVisible();
  await expect(page.getByText('La verificación en dos pasos no está activa.')).toBeVisible();

  await page.getByRole('button', { name: 'Activar la verificación en dos pasos' }).click();
  await expect(page.getByRole('img', { name: 'Código QR para la aplicación de autenticación' })).toBeVisible();
  const secret = await page.getByLabel('Clave secreta').inputValue();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const totp = totpOf(secret);
  const codeField = page.getByLabel('Código de verificación');
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  await codeField.fill(totp.generate());
  await page.getByRole('button', { name: 'Confirmar y activar' }).click();

  const codeList = page.getByRole('list', { name: 'Códigos de recuperación' });
  await expect(codeList.getByRole('listitem')).toHaveCount(10);
  const recovery = (await codeList.getByRole('listitem').allTextContents()).map((c) => c.trim());
  await page.getByRole('button', { name: 'Ya guardé mis códigos' }).click();
  await expect(page.getByText('La verificación en dos pasos está activa.')).toBeVisible();
  await expect(page.getByText('Códigos de recuperación sin usar: 10')).toBeVisible();
  // The recovery codes are shown once: they are gone from the page.
  await expect(page.getByText(recovery[0]!)).toHaveCount(0);
  await signOut();

  // The password alone is no longer enough: the page asks for the code.
  await signIn();
  await expect(page.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible();
  await expect(page).toHaveURL(/\/Login_Admin$/);
  expect((await (await page.request.get('/api/admin/session')).json()).loggedInAdmin).toBe(false);
  const loginCode = page.getByLabel('Código de verificación');
  await expect(loginCode).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(loginCode).toHaveAttribute('inputmode', 'numeric');
  // The enrolment's code cannot be used twice: the next 30-second step's code (within the ±1 window).
  await loginCode.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/Consultas_Admin$/);
  await expect(page.getByRole('banner')).toContainText('Elena Rivas');
  await signOut();

  // A recovery code signs in once...
  await signIn();
  await page.getByRole('button', { name: 'Usar código de recuperación' }).click();
  await page.getByLabel('Código de recuperación').fill(recovery[0]!);
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/Consultas_Admin$/);
  await signOut();

  // ...and never again.
  await signIn();
  await page.getByRole('button', { name: 'Usar código de recuperación' }).click();
  await page.getByLabel('Código de recuperación').fill(recovery[0]!);
  await page.getByRole('button', { name: 'Verificar' }).click();
  await acceptAlert(page, messages.twoFactorCodeInvalid);
  await expect(page).toHaveURL(/\/Login_Admin$/);
  expect((await (await page.request.get('/api/admin/session')).json()).loggedInAdmin).toBe(false);
});
