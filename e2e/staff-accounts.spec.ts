import type { Browser, Page } from '@playwright/test';
import { messages } from '@clinica/shared';
import { test, expect, DEMO, login, registerPatient, registerStaff, uniqueEmail, followMenuLink } from './fixtures';
import { acceptAlert, visitedBefore } from './frame-helpers';
import { linkIn, waitForMail } from './mailbox';

// Staff accounts approved and revocable (issue 18, item 3; docs/decisions/0025): a registration
// with the key waits for an administrator, who approves, deactivates and invites from /Personal_Admin.

test.beforeEach(async ({ page, context, baseURL }) => {
  await visitedBefore(page, context, baseURL!);
});

/** A second person in a browser of their own (the demo administrator, say). */
async function otherPerson(browser: Browser, baseURL: string, opts: { phone?: boolean } = {}) {
  const context = await browser.newContext({
    baseURL,
    ...(opts.phone ? { viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true } : { viewport: { width: 1366, height: 900 } }),
  });
  const page = await context.newPage();
  await visitedBefore(page, context, baseURL);
  return { context, page };
}

/** The demo administrator on /Personal_Admin, reached through the admin menu. */
async function adminOnStaffPage(page: Page) {
  await login(page, 'admin', DEMO.admin);
  await page.goto('/Consultas_Admin');
  await followMenuLink(page, 'Personal');
  await expect(page).toHaveURL(/\/Personal_Admin$/);
  await expect(page.getByRole('heading', { name: 'Personal de la clínica', level: 1 })).toBeVisible();
}

/** Presses an account's action button and confirms it in the dialog; returns after the alert. */
async function actOn(page: Page, action: string, name: string, confirmText: string, done: string) {
  await page.getByRole('button', { name: `${action}: ${name}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(confirmText);
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await acceptAlert(page, done);
}

test('a doctor registers with the key, cannot sign in until an administrator approves on /Personal_Admin, then signs in', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = uniqueEmail('doctor-pendiente');
  const apellido = `Pendiente ${Math.random().toString(36).slice(2, 6)}`;
  await page.goto('/Registro_Admin_Doctor');
  await page.getByLabel('Clave de seguridad').fill(DEMO.keys.doctor);
  await page.getByLabel('Nombre').fill('Julia');
  await page.getByLabel('Apellido').fill(apellido);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill('secreto-seguro-1');
  await page.getByLabel('Confirmar contraseña').fill('secreto-seguro-1');
  await page.getByLabel('Servicio').selectOption('psicologia');
  await page.getByRole('button', { name: 'Registrarse' }).click();
  await expect(page.getByRole('heading', { name: 'Inicio de sesión de doctores' })).toBeVisible();
  await acceptAlert(page, messages.registrationOk);

  const signIn = async () => {
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña').fill('secreto-seguro-1');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  };
  await signIn();
  await acceptAlert(page, messages.staffPendingApproval);
  await expect(page).toHaveURL(/\/Login_Admin_Doctor$/);

  // Not offered to patients while pending.
  const patient = await registerPatient(page.request);
  await login(page, 'patient', patient);
  const offered = async () => ((await (await page.request.get('/api/doctors?servicio=psicologia')).json()) as { nombre: string }[]).map((d) => d.nombre);
  expect(await offered()).not.toContain(`Julia ${apellido}`);

  // The administrator approves it on a phone.
  const admin = await otherPerson(browser, baseURL!, { phone: true });
  await adminOnStaffPage(admin.page);
  const pending = admin.page.getByRole('region', { name: /Pendientes de aprobación/ });
  // Her own card (other pending accounts, e.g. from a retry, may be listed too).
  const card = pending.getByRole('listitem').filter({ hasText: `Julia ${apellido}` });
  await expect(card).toBeVisible();
  await expect(card.getByText('Médico · Psicología')).toBeVisible();
  await admin.page.screenshot({ path: test.info().outputPath('personal-admin-360.png'), fullPage: true });
  await actOn(admin.page, 'Aprobar', `Julia ${apellido}`, messages.staffConfirmApprove, messages.staffApprovedOk);
  await expect(admin.page.getByRole('region', { name: /Activas/ }).getByText(`Julia ${apellido}`)).toBeVisible();
  await admin.context.close();

  // Offered to patients by name and service now, never by e-mail.
  expect(await offered()).toContain(`Julia ${apellido}`);
  const list = await (await page.request.get('/api/doctors?servicio=psicologia')).text();
  expect(list).not.toContain('@');

  await page.goto('/Login_Admin_Doctor');
  await signIn();
  await expect(page).toHaveURL(/\/Consultas_Admin_Doctor$/);
  await expect(page.getByRole('banner')).toContainText(`Julia ${apellido}`);
});

test("a doctor deactivated while signed in leaves the staff area at once and cannot sign in again; reactivation lets them back", async ({
  page,
  browser,
  baseURL,
}) => {
  const doctor = await registerStaff(page.request, 'doctor');
  await login(page, 'doctor', doctor);
  await page.goto('/Consultas_Admin_Doctor');
  await expect(page.getByRole('banner')).toContainText(doctor.nombre);

  const admin = await otherPerson(browser, baseURL!);
  await adminOnStaffPage(admin.page);
  await admin.page.screenshot({ path: test.info().outputPath('personal-admin-1366.png'), fullPage: true });
  await actOn(admin.page, 'Desactivar', doctor.nombre, messages.staffConfirmDeactivate, messages.staffDeactivatedOk);
  await expect(admin.page.getByRole('region', { name: /Desactivadas/ }).getByText(doctor.nombre)).toBeVisible();

  // The doctor's open page notices at its next session check (every 5 s) and leaves the staff area.
  await acceptAlert(page, messages.loginRequiredConsultations);
  await expect(page).toHaveURL(/\/AdminDoctor$/);
  expect((await page.request.get('/api/doctor/consultations')).status()).toBe(401);
  const again = await page.request.post('/api/doctor/login', { data: { email: doctor.email, password: doctor.password } });
  expect(again.status()).toBe(403);
  expect(((await again.json()) as { message: string }).message).toBe(messages.staffAccountDeactivated);

  await actOn(admin.page, 'Reactivar', doctor.nombre, messages.staffConfirmReactivate, messages.staffReactivatedOk);
  await admin.context.close();
  expect((await page.request.post('/api/doctor/login', { data: { email: doctor.email, password: doctor.password } })).status()).toBe(200);
});

test('an administrator invites a doctor by e-mail; the link creates an active account once, without the key', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = uniqueEmail('invitada');
  const admin = await otherPerson(browser, baseURL!);
  await adminOnStaffPage(admin.page);
  const invite = admin.page.getByRole('region', { name: 'Invitar a una persona' });
  await invite.getByLabel('Correo electrónico').fill(email);
  await invite.getByLabel('Tipo de cuenta').selectOption('doctor');
  await invite.getByRole('button', { name: 'Enviar invitación' }).click();
  // A doctor needs a service.
  await expect(invite.getByText(messages.missingFields)).toBeVisible();
  await invite.getByLabel('Servicio').selectOption('medicina_interna');
  await invite.getByRole('button', { name: 'Enviar invitación' }).click();
  await acceptAlert(admin.page, messages.staffInvitationSent);
  await admin.context.close();

  const mail = await waitForMail(email, 'Invitación al personal de Clínica Virtual Panamá');
  const link = linkIn(mail, '/Invitacion_Personal#token=');
  // The invitee opens the link on a phone.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Crear su cuenta del personal', level: 1 })).toBeVisible();
  await expect(page.getByText(`Cuenta de Médico · Medicina interna para ${email}`)).toBeVisible();
  await page.getByLabel('Nombre').fill('Irene');
  await page.getByLabel('Apellido').fill('Invitada');
  await page.getByLabel('Contraseña', { exact: true }).fill('clave-invitada-1');
  await page.getByLabel('Confirmar contraseña').fill('clave-invitada-1');
  await page.screenshot({ path: test.info().outputPath('invitacion-360.png'), fullPage: true });
  await page.getByRole('button', { name: 'Crear mi cuenta' }).click();
  await expect(page.getByRole('status')).toContainText(messages.invitationAccepted);
  await page.getByRole('link', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/Login_Admin_Doctor$/);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill('clave-invitada-1');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/Consultas_Admin_Doctor$/);

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText(messages.invitationUsed);
});
