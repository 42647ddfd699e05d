import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { messages } from '@clinica/shared';
import { test, expect, registerStaff } from './fixtures';
import { acceptAlert, visitedBefore } from './frame-helpers';

// Two-factor sign-in required (STAFF_2FA_REQUIRED=1, the production default; decision 0016) and an
// administrator's reset of another staff member's second factor (decision 0021). The suite's
// server leaves two-factor optional (the demo configuration), so this file starts a second server
// of its own, the same script with the flag on, on a port and data directory of its own.

const root = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.E2E_PORT ?? 3100) + 7;
const BASE = `http://127.0.0.1:${PORT}`;
let server: ChildProcess | undefined;

// One server for the file: its tests run one after the other in one worker.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    cwd: root,
    env: { ...process.env, E2E_PORT: String(PORT), STAFF_2FA_REQUIRED: '1' },
    stdio: 'ignore',
  });
  const end = Date.now() + 200_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the second server exited (${server.exitCode})`);
    const ready = await fetch(`${BASE}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > end) throw new Error('the second server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((r) => server!.once('exit', r));
  server.kill('SIGTERM');
  await exited;
});

const totpOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

/** A browser context (and its page) on the file's own server, past the intro loader. */
async function onRequiredServer(browser: Browser) {
  const context = await browser.newContext({ baseURL: BASE, locale: 'es-PA', timezoneId: 'America/Panama' });
  const page = await context.newPage();
  await visitedBefore(page, context, BASE);
  return { context, page };
}

/** Signs in through the staff login form. */
async function signIn(page: Page, role: 'admin' | 'doctor', creds: { email: string; password: string }) {
  await page.goto(role === 'admin' ? '/Login_Admin' : '/Login_Admin_Doctor');
  await page.getByLabel('Correo electrónico').fill(creds.email);
  await page.getByLabel('Contraseña').fill(creds.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

/** Enrols the account of the context's session through the API; returns its TOTP. */
async function enrolThroughApi(request: APIRequestContext, role: 'admin' | 'doctor') {
  const setup = await request.post(`/api/${role}/two-factor/setup`);
  expect(setup.status(), await setup.text()).toBe(200);
  const totp = totpOf(((await setup.json()) as { secreto: string }).secreto);
  const confirm = await request.post(`/api/${role}/two-factor/confirm`, { data: { codigo: totp.generate() } });
  expect(confirm.status(), await confirm.text()).toBe(200);
  return totp;
}

/** The next 30-second step's code: the one just used cannot be used again (±1 window). */
const nextCode = (totp: TOTP) => totp.generate({ timestamp: Date.now() + 30_000 });

test('a new doctor is taken to the enrolment and reaches the doctor pages only after enrolling', async ({ browser }) => {
  const { context, page } = await onRequiredServer(browser);
  const doctor = await registerStaff(page.request, 'doctor');

  // The password signs in, but straight to the security page.
  await signIn(page, 'doctor', doctor);
  await expect(page).toHaveURL(/\/Seguridad_Doctor$/);
  await expect(page.getByRole('heading', { name: 'Verificación en dos pasos', level: 1 })).toBeVisible();
  await expect(page.getByText('Es obligatoria para el personal: actívela para acceder al área del personal.')).toBeVisible();

  // Another doctor page leads back to the enrolment, not to a 403.
  for (const target of ['/Consultas_Admin_Doctor', '/Citas_Admin_Doctor']) {
    await page.goto(target);
    await expect(page).toHaveURL(/\/Seguridad_Doctor$/);
    await expect(page.getByText(messages.twoFactorEnrolmentRequired)).toHaveCount(0);
  }

  // Enrolling opens the doctor's pages.
  await page.getByRole('button', { name: 'Activar la verificación en dos pasos' }).click();
  const secret = await page.getByLabel('Clave secreta').inputValue();
  await page.getByLabel('Código de verificación').fill(totpOf(secret).generate());
  await page.getByRole('button', { name: 'Confirmar y activar' }).click();
  await expect(page.getByRole('list', { name: 'Códigos de recuperación' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'Ya guardé mis códigos' }).click();
  await expect(page.getByText('La verificación en dos pasos está activa.')).toBeVisible();

  await page.goto('/Consultas_Admin_Doctor');
  await expect(page).toHaveURL(/\/Consultas_Admin_Doctor$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Verificación en dos pasos');
  expect((await page.request.get('/api/doctor/consultations')).status()).toBe(200);
  await context.close();
});

test("an administrator resets a doctor's lost second factor; the doctor signs in with the password and enrols again", async ({
  browser,
}) => {
  // A doctor enrolled on their phone, signed in on it.
  const doc = await onRequiredServer(browser);
  const doctor = await registerStaff(doc.page.request, 'doctor');
  expect((await doc.page.request.post('/api/doctor/login', { data: { email: doctor.email, password: doctor.password } })).status()).toBe(200);
  await enrolThroughApi(doc.page.request, 'doctor');
  expect((await (await doc.page.request.get('/api/doctor/session')).json()).loggedInAdmin).toBe(true);

  // An administrator with an authenticator (required here).
  const adm = await onRequiredServer(browser);
  const admin = await registerStaff(adm.page.request, 'admin');
  expect((await adm.page.request.post('/api/admin/login', { data: { email: admin.email, password: admin.password } })).status()).toBe(200);
  const adminTotp = await enrolThroughApi(adm.page.request, 'admin');
  const page = adm.page;
  await page.goto('/Seguridad_Admin');
  const section = page.getByRole('region', { name: 'Restablecer la verificación de otra cuenta' });
  await expect(section).toBeVisible();

  // Their own account is refused: they use their recovery codes.
  await section.getByLabel('Correo de la cuenta').fill(admin.email);
  await section.getByLabel('Tipo de cuenta').selectOption('admin');
  await section.getByLabel('Código actual de su aplicación').fill(nextCode(adminTotp));
  await section.getByRole('button', { name: 'Restablecer la verificación' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirmar el restablecimiento' });
  await expect(confirm).toContainText(admin.email);
  await confirm.getByRole('button', { name: 'Sí, restablecer' }).click();
  await acceptAlert(page, messages.staffTwoFactorResetSelf);

  // The doctor's account: a confirmation naming it; 'Cancelar' changes nothing.
  await section.getByLabel('Correo de la cuenta').fill(doctor.email);
  await section.getByLabel('Tipo de cuenta').selectOption('doctor');
  await section.getByLabel('Código actual de su aplicación').fill(nextCode(adminTotp));
  await section.getByRole('button', { name: 'Restablecer la verificación' }).click();
  await expect(confirm).toContainText(`¿Restablecer la verificación en dos pasos de la cuenta de médico ${doctor.email}?`);
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toBeHidden();
  expect((await (await doc.page.request.get('/api/doctor/session')).json()).loggedInAdmin).toBe(true);

  // 'Sí, restablecer' this time (the refused attempt emptied the code field).
  await section.getByLabel('Código actual de su aplicación').fill(nextCode(adminTotp));
  await section.getByRole('button', { name: 'Restablecer la verificación' }).click();
  await confirm.getByRole('button', { name: 'Sí, restablecer' }).click();
  await acceptAlert(page, messages.staffTwoFactorResetOk);
  await expect(section.getByLabel('Correo de la cuenta')).toHaveValue('');

  // The doctor's phone session has ended; the password alone signs in, to the enrolment.
  expect((await (await doc.page.request.get('/api/doctor/session')).json()).loggedInAdmin).toBe(false);
  await signIn(doc.page, 'doctor', doctor);
  await expect(doc.page).toHaveURL(/\/Seguridad_Doctor$/);
  await expect(doc.page.getByText('La verificación en dos pasos no está activa.')).toBeVisible();
  await expect(doc.page.getByRole('button', { name: 'Activar la verificación en dos pasos' })).toBeVisible();

  // The audit trail shows the reset.
  await page.goto('/Auditoria_Admin');
  await expect(page.getByText('Verificación en dos pasos restablecida por un administrador').first()).toBeVisible();
  await doc.context.close();
  await adm.context.close();
});
