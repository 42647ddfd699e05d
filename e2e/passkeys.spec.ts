import type { BrowserContext, Page } from '@playwright/test';
import { messages } from '@clinica/shared';
import { test, expect, registerStaff, followMenuLink } from './fixtures';
import { acceptAlert, visitedBefore } from './frame-helpers';

// Passkeys of staff (issue 18, item 4; decision 0026), with Chromium's virtual authenticator: a
// platform authenticator (internal transport) that keeps discoverable credentials and verifies the
// person. A doctor registers a passkey on the security page, signs out, signs in with it alone
// on the login page, and a removed passkey signs nobody in.
//
// WebAuthn needs a domain for the relying party (an IP address is refused), so this file browses
// the same server as http://localhost (a secure context, like 127.0.0.1).
test.use({ baseURL: `http://localhost:${process.env.E2E_PORT ?? 3100}` });

test.beforeEach(async ({ page, context, baseURL }) => {
  await visitedBefore(page, context, baseURL!);
});

/** Adds Chromium's virtual platform authenticator to the page (CDP WebAuthn domain). */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

test('a doctor registers a passkey in the security settings and signs in with it alone', async ({ page, context }) => {
  const authenticator = await virtualAuthenticator(context, page);
  const doctor = await registerStaff(page.request, 'doctor');

  const banner = page.getByRole('banner');
  const signOut = async () => {
    await banner.getByRole('button', { name: 'Cerrar sesión', exact: true }).click();
    await acceptAlert(page, messages.logoutOk);
  };

  // Password first (the demo leaves two-factor sign-in optional), then the security page.
  await page.goto('/Login_Admin_Doctor');
  await page.getByLabel('Correo electrónico').fill(doctor.email);
  await page.getByLabel('Contraseña').fill(doctor.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/Consultas_Admin_Doctor$/);
  await followMenuLink(page, 'Seguridad');
  await expect(page).toHaveURL(/\/Seguridad_Doctor$/);
  const section = page.getByRole('region', { name: 'Llaves de acceso' });
  await expect(section.getByText('Aún no tiene llaves de acceso.')).toBeVisible();

  // A passkey needs a name: nothing is asked of the authenticator without it.
  await section.getByRole('button', { name: 'Registrar una llave de acceso' }).click();
  await expect(section.getByText(messages.passkeyNameInvalid)).toBeVisible();
  expect(await authenticator.credentials()).toHaveLength(0);

  await section.getByLabel('Nombre de la llave nueva').fill('Teléfono del consultorio');
  await section.getByRole('button', { name: 'Registrar una llave de acceso' }).click();
  await acceptAlert(page, messages.passkeyRegisteredOk);
  const list = section.getByRole('list', { name: 'Llaves de acceso' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText('Teléfono del consultorio');
  await expect(list.getByRole('listitem')).toContainText('Aún no se ha usado');
  // The authenticator holds a discoverable credential for this site.
  const stored = await authenticator.credentials();
  expect(stored).toHaveLength(1);
  expect(stored[0]!.isResidentCredential).toBe(true);
  expect(stored[0]!.rpId).toBe('localhost');

  // Signed out, the key alone signs in: no e-mail, no password, no code.
  await signOut();
  await page.goto('/Login_Admin_Doctor');
  await page.getByRole('button', { name: 'Ingresar con llave de acceso' }).click();
  await expect(page).toHaveURL(/\/Consultas_Admin_Doctor$/);
  await expect(banner.getByRole('button', { name: 'Cerrar sesión', exact: true })).toBeVisible();
  await followMenuLink(page, 'Seguridad');
  await expect(section.getByRole('list', { name: 'Llaves de acceso' }).getByRole('listitem')).toContainText('Último uso:');
  expect((await authenticator.credentials())[0]!.signCount).toBeGreaterThan(0);

  // Removed (from a password session), the key signs nobody in.
  await signOut();
  await page.goto('/Login_Admin_Doctor');
  await page.getByLabel('Correo electrónico').fill(doctor.email);
  await page.getByLabel('Contraseña').fill(doctor.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/Consultas_Admin_Doctor$/);
  await followMenuLink(page, 'Seguridad');
  await section.getByRole('button', { name: 'Eliminar la llave de acceso Teléfono del consultorio' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Eliminar llave de acceso' });
  await expect(confirm).toContainText(messages.passkeyRemoveConfirm);
  await confirm.getByRole('button', { name: 'Sí, eliminar' }).click();
  await acceptAlert(page, messages.passkeyRemovedOk);
  await expect(section.getByText('Aún no tiene llaves de acceso.')).toBeVisible();

  await signOut();
  await page.goto('/Login_Admin_Doctor');
  await page.getByRole('button', { name: 'Ingresar con llave de acceso' }).click();
  await acceptAlert(page, messages.passkeyLoginFailed);
  await expect(page).toHaveURL(/\/Login_Admin_Doctor$/);
});
