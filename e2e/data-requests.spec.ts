import type { Browser, Page } from '@playwright/test';
import { messages } from '@clinica/shared';
import { test, expect, DEMO, login, registerPatient } from './fixtures';
import { acceptAlert, visitedBefore } from './frame-helpers';
import { waitForMail } from './mailbox';

// Ley 81 rights beyond the export (issue 18, item 9; docs/decisions/0028): a patient asks from
// their profile for a correction or for the closing of their account; an administrator answers on
// /Solicitudes_Datos_Admin; the patient is told by e-mail and sees the outcome.

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const suffix = () => Array.from({ length: 6 }, () => LETTERS[Math.floor(Math.random() * LETTERS.length)]).join('');

/** Screenshots for a person to look at, when asked (SCREENSHOTS=1): phone width and laptop width. */
async function shoot(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  for (const [w, h] of [
    [360, 800],
    [1366, 900],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: `test-results/ley81-${name}-${w}.png`, fullPage: true });
  }
}

test.beforeEach(async ({ page, context, baseURL }) => {
  await visitedBefore(page, context, baseURL!);
});

/** The demo administrator in a browser of their own, on the requests page reached from the admin menu. */
async function adminOnRequests(browser: Browser, baseURL: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await visitedBefore(page, context, baseURL);
  await login(page, 'admin', DEMO.admin);
  await page.goto('/Admin');
  await page.getByRole('link', { name: 'Solicitudes de datos' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Solicitudes de corrección y cierre' })).toBeVisible();
  return page;
}

test('a correction request handled end to end: the patient asks, an administrator accepts, the patient sees the corrected data', async ({ page, browser, baseURL }) => {
  const nombre = `Lucía${suffix()}`;
  const patient = await registerPatient(page.request, { nombre, apellido: 'Batistta', direccion: 'Vía España, Panamá' });
  await login(page, 'patient', patient);
  await page.goto('/Usuarios');
  await expect(page.getByText('Batistta', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Pedir una corrección de mis datos' }).click();
  const form = page.getByRole('dialog', { name: 'Pedir una corrección de mis datos' });
  await expect(form.getByLabel('Apellido')).toHaveValue('Batistta');
  // Nothing changed: the person is told to change something.
  await form.getByLabel('Motivo de la corrección').fill('Mi apellido se escribe con una sola t.');
  await form.getByRole('button', { name: 'Enviar la solicitud' }).click();
  await acceptAlert(page, messages.correctionNothingChanged);
  // A phone number of the wrong length is refused by the registration rule, in the form.
  await form.getByLabel('Celular').fill('123');
  await form.getByLabel('Celular').blur();
  await expect(form.getByText(messages.invalidPhone)).toBeVisible();
  await form.getByLabel('Celular').fill('67654321');
  await form.getByLabel('Apellido').fill('Batista');
  await shoot(page, 'correction-form');
  await form.getByRole('button', { name: 'Enviar la solicitud' }).click();
  await acceptAlert(page, messages.correctionRequested);
  const mine = page.getByRole('listitem').filter({ hasText: 'Corrección de datos' });
  await expect(mine).toContainText('Pendiente');
  await expect(mine).toContainText('Batista');
  await expect(page.getByRole('button', { name: 'Pedir una corrección de mis datos' })).toBeDisabled();

  const admin = await adminOnRequests(browser, baseURL!);
  const request = admin.getByRole('article', { name: `Corrección de datos de ${nombre} Batistta` });
  await expect(request).toContainText('Mi apellido se escribe con una sola t.');
  await expect(request.getByRole('row', { name: /Apellido/ })).toContainText('Batistta');
  await expect(request.getByRole('row', { name: /Apellido/ })).toContainText('Batista');
  await shoot(admin, 'admin-pending');
  await request.getByRole('button', { name: 'Aceptar' }).click();
  const confirm = admin.getByRole('alertdialog', { name: 'Aceptar la corrección' });
  await confirm.getByRole('button', { name: 'Confirmar y aceptar' }).click();
  await acceptAlert(admin, messages.dataRequestAccepted);
  await expect(request).toBeHidden();
  await admin.getByRole('button', { name: 'Atendidas' }).click();
  const handled = admin.getByRole('article', { name: `Corrección de datos de ${nombre} Batista` });
  await expect(handled).toContainText('Aceptada');
  // Once applied, only what was asked is shown (the current value is the same).
  await expect(handled.getByRole('columnheader', { name: 'Actual' })).toHaveCount(0);

  // The patient is told there is news (no details in the mail) and sees the corrected data.
  const mail = await waitForMail(patient.email, 'Hay novedades sobre su solicitud');
  expect(mail.text).toContain('/Usuarios');
  expect(mail.text).not.toContain('Batista');
  await page.reload();
  // Shown in the profile and as the value the accepted request asked for.
  await expect(page.getByText('Batista', { exact: true })).toHaveCount(2);
  await expect(page.getByText('Batistta', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('listitem').filter({ hasText: 'Corrección de datos' })).toContainText('Aceptada');
  await shoot(page, 'profile-accepted');
  await admin.context().close();
});

test('an account closing: the patient reads what happens and asks, an administrator accepts, the account is gone and its e-mail free', async ({
  page,
  browser,
  baseURL,
}) => {
  const nombre = `Marta${suffix()}`;
  const patient = await registerPatient(page.request, { nombre, apellido: 'Cedeño' });
  await login(page, 'patient', patient);
  await page.goto('/Usuarios');
  await page.getByRole('button', { name: 'Pedir el cierre de mi cuenta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pedir el cierre de mi cuenta' });
  await expect(dialog).toContainText('Ley 68 de 2003');
  await expect(dialog).toContainText('Ya no podrá iniciar sesión');
  await shoot(page, 'closing-dialog');
  await dialog.getByRole('button', { name: 'Pedir el cierre' }).click();
  await expect(dialog.getByText(messages.closingConfirmRequired)).toBeVisible();
  await dialog.getByLabel('Motivo (opcional)').fill('Me mudo a otro país.');
  await dialog.getByLabel('He leído qué ocurre al cerrar mi cuenta y qué conserva la clínica.').check();
  await dialog.getByRole('button', { name: 'Pedir el cierre' }).click();
  await acceptAlert(page, messages.closingRequested);
  await expect(page.getByRole('listitem').filter({ hasText: 'Cierre de la cuenta' })).toContainText('Pendiente');

  const admin = await adminOnRequests(browser, baseURL!);
  const request = admin.getByRole('article', { name: `Cierre de la cuenta de ${nombre} Cedeño` });
  await expect(request).toContainText('Me mudo a otro país.');
  await request.getByRole('button', { name: 'Aceptar' }).click();
  const confirm = admin.getByRole('alertdialog', { name: 'Aceptar el cierre de la cuenta' });
  await expect(confirm).toContainText('no se puede deshacer');
  await confirm.getByRole('button', { name: 'Confirmar y aceptar' }).click();
  await acceptAlert(admin, messages.dataRequestAccepted);
  await admin.getByRole('button', { name: 'Atendidas' }).click();
  const handled = admin.getByRole('article', { name: new RegExp(`^Cierre de la cuenta de ${messages.accountClosedName} C-`) }).first();
  await expect(handled).toContainText('Aceptada');
  await expect(admin.getByText(nombre)).toHaveCount(0);
  await shoot(admin, 'admin-handled');

  // The patient's session ended: the profile is refused and the old password opens nothing.
  await page.goto('/Usuarios');
  await expect(page.getByRole('alertdialog')).toBeVisible();
  const session = (await (await page.request.get('/api/auth/session')).json()) as { loggedIn: boolean };
  expect(session.loggedIn).toBe(false);
  expect((await page.request.post('/api/auth/login', { data: { email: patient.email, password: patient.password } })).status()).toBe(401);
  const mail = await waitForMail(patient.email, 'Su cuenta fue cerrada');
  expect(mail.text).toContain('expediente clínico');
  // The address is free: it can be registered again, as a new account.
  await registerPatient(page.request, { correo: patient.email });
  await admin.context().close();
});
