import type { Browser, BrowserContext, Page } from '@playwright/test';
import { messages } from '@clinica/shared';
import { test, expect, DEMO, DEMO_GENERAL_DOCTOR, PNG_1X1, distinctPng, login, registerPatient } from './fixtures';
import { acceptAlert, visitedBefore } from './frame-helpers';

// Issue 20, items 1, 7 and 9 (decision 0031): the patient, the doctor and the administrator each
// see a consultation's state in words as it changes, on a 360 x 740 touch screen; the doctor sees
// whether it was paid; a request the server cannot record says 'No se pudo completar la consulta.'

const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true };
test.use(PHONE);

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const uniqueName = (base: string) => `${base}${Array.from({ length: 6 }, () => LETTERS[Math.floor(Math.random() * LETTERS.length)]).join('')}`;

test.beforeEach(async ({ page, context, baseURL }) => {
  await visitedBefore(page, context, baseURL!);
});

/** A signed-in staff member on a phone of their own. */
async function staffPhone(browser: Browser, baseURL: string, role: 'admin' | 'doctor'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  await visitedBefore(page, context, baseURL);
  await login(page, role, role === 'admin' ? DEMO.admin : DEMO.doctor);
  return { context, page };
}

/** The signed-in patient sends a Yappy consultation request with its receipt (the request form itself is consultations.spec's). */
async function requestByYappy(page: Page, receipt: Buffer) {
  expect((await page.request.post('/api/consultations/consent', { data: { aceptar: 'si' } })).status()).toBe(200);
  const doctors = (await (await page.request.get('/api/doctors?servicio=consulta_general')).json()) as { id: string; nombre: string }[];
  const res = await page.request.post('/api/consultations/receipt', {
    multipart: {
      servicio: 'consulta_general',
      doctor_id: doctors.find((d) => d.nombre === DEMO_GENERAL_DOCTOR)!.id,
      metodo_de_pago: 'Yappy',
      monto: '10',
      sintomas: 'Dolor de oído desde anoche',
      antecedentesFamiliares: messages.notApplicable,
      antecedentesPersonales: messages.notApplicable,
      antecedentesQuirurgicos: messages.notApplicable,
      alergias: 'Ninguna',
      otrosDatos: messages.notApplicable,
      comprobante_tranferencia: { name: 'yappy.png', mimeType: 'image/png', buffer: receipt },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** What the patient's /Consultas says of their (only) consultation. */
async function patientSees(page: Page, text: string | RegExp) {
  await page.goto('/Consultas');
  await expect(page.getByRole('heading', { name: 'Mis consultas virtuales' })).toBeVisible();
  await expect(page.locator('.records-list').getByRole('listitem')).toContainText(text);
}

/** The administrator's /Consultas_Admin row of the patient. */
async function adminRow(admin: Page, nombre: string) {
  await admin.goto('/Consultas_Admin');
  await admin.getByLabel('Nombre del paciente').fill(nombre);
  await admin.getByRole('button', { name: 'Buscar' }).tap();
  const row = admin.getByRole('row').filter({ hasText: nombre });
  await expect(row).toHaveCount(1);
  return row;
}

/** The doctor's /Consultas_Admin_Doctor row of the patient. */
async function doctorRow(doctor: Page, nombre: string) {
  await doctor.goto('/Consultas_Admin_Doctor');
  await doctor.getByLabel('Nombre del paciente').fill(nombre);
  await doctor.getByRole('button', { name: 'Buscar' }).tap();
  const row = doctor.getByRole('row').filter({ hasText: nombre });
  await expect(row).toHaveCount(1);
  return row;
}

test('the patient, the doctor and the administrator see the state change: payment under review, authorised, in chat, closed', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const nombre = uniqueName('Estados');
  const patient = await registerPatient(request, { nombre });
  await login(page, 'patient', patient);
  await requestByYappy(page, distinctPng(`estado-${nombre}`));
  const admin = await staffPhone(browser, baseURL!, 'admin');
  const doctor = await staffPhone(browser, baseURL!, 'doctor');

  // Requested, its Yappy receipt under review.
  await patientSees(page, messages.statePaymentReview);
  await expect(await adminRow(admin.page, nombre)).toContainText(messages.statePaymentReview);
  let row = await doctorRow(doctor.page, nombre);
  await expect(row.locator('[data-estado]')).toHaveText(messages.statePaymentReview);
  // The state says the payment already: the list does not say it twice.
  await expect(row.locator('[data-pago]')).toHaveCount(0);

  // The administrator authorises it as type A from the modal.
  await (await adminRow(admin.page, nombre)).getByRole('button', { name: /Información Completa/ }).tap();
  const modal = admin.page.getByRole('dialog', { name: 'Información Completa de la consulta' });
  await expect(modal).toContainText(messages.statePaymentReview);
  await modal.getByLabel('Tipo de consulta').selectOption('tipo_a');
  await modal.getByRole('button', { name: 'Actualizar' }).tap();
  await acceptAlert(admin.page, messages.consultationUpdated);
  await expect(modal).toContainText('Autorizada (tipo A)');
  await admin.page.screenshot({ path: test.info().outputPath('admin-modal-360.png'), fullPage: true });

  await patientSees(page, 'Autorizada (tipo A)');
  row = await doctorRow(doctor.page, nombre);
  await expect(row.locator('[data-estado]')).toHaveText('Autorizada (tipo A)');
  await expect(row.locator('[data-pago]')).toHaveText(messages.paymentViewApproved);
  // The doctor's modal says the same, with the payment.
  await row.getByRole('button', { name: /Información Completa/ }).tap();
  const doctorModal = doctor.page.getByRole('dialog', { name: 'Información Completa de la consulta' });
  await expect(doctorModal).toContainText('Autorizada (tipo A)');
  await expect(doctorModal).toContainText(messages.paymentViewApproved);
  await doctor.page.screenshot({ path: test.info().outputPath('doctor-modal-360.png'), fullPage: true });

  // The patient enters the chat: its hour starts, everybody sees the time left.
  await page.goto('/ConsultaChat');
  await expect(page.getByRole('region', { name: /^Chat de / }).getByRole('status')).toHaveText('Conectado');
  await patientSees(page, /En chat: tiempo restante (60:00|59:\d\d)/);
  await page.screenshot({ path: test.info().outputPath('patient-consultas-360.png'), fullPage: true });
  await expect(await adminRow(admin.page, nombre)).toContainText(`${messages.stateInChat}: ${messages.stateTimeLeft}`);
  await doctor.page.goto('/Chat_Doctor');
  const chatEntry = doctor.page.getByRole('listitem').filter({ has: doctor.page.getByRole('button', { name: new RegExp(nombre) }) });
  await expect(chatEntry).toContainText(`${messages.stateInChat}: ${messages.stateTimeLeft}`);
  await doctor.page.screenshot({ path: test.info().outputPath('doctor-chats-360.png'), fullPage: true });

  // The patient leaves the chat: closed, for all three.
  await page.goto('/ConsultaChat');
  await page.getByRole('button', { name: 'Salir del chat' }).tap();
  await page.getByRole('alertdialog', { name: 'Salir del chat' }).getByRole('button', { name: 'Salir', exact: true }).tap();
  await expect(page).toHaveURL(/\/$/);
  await patientSees(page, messages.stateClosed);
  await expect(await adminRow(admin.page, nombre)).toContainText(messages.stateClosed);
  row = await doctorRow(doctor.page, nombre);
  await expect(row.locator('[data-estado]')).toHaveText(messages.stateClosed);
  await expect(row.locator('[data-pago]')).toHaveText(messages.paymentViewApproved);

  await admin.context.close();
  await doctor.context.close();
});

test('a rejected payment shows its reason to the patient, the doctor and the administrator', async ({ page, request, browser, baseURL }) => {
  const nombre = uniqueName('Rechazo');
  const patient = await registerPatient(request, { nombre });
  await login(page, 'patient', patient);
  await requestByYappy(page, distinctPng(`rechazo-${nombre}`));
  const admin = await staffPhone(browser, baseURL!, 'admin');

  await admin.page.goto('/Recibo_Admin');
  await admin.page.getByLabel('Nombre del paciente').fill(nombre);
  await admin.page.getByRole('button', { name: 'Buscar' }).tap();
  await admin.page.getByRole('row').filter({ hasText: nombre }).getByRole('button', { name: /Información Completa/ }).tap();
  const modal = admin.page.getByRole('dialog', { name: 'Información Completa del recibo' });
  await modal.getByLabel('Motivo del rechazo').fill('El comprobante no muestra el monto.');
  await modal.getByRole('button', { name: 'Rechazar comprobante' }).tap();
  await acceptAlert(admin.page, messages.receiptRejected);

  const words = `${messages.statePaymentRejected}: El comprobante no muestra el monto.`;
  await patientSees(page, words);
  // The patient's modal too.
  await page.getByRole('button', { name: /Ver detalle/ }).tap();
  await expect(page.getByRole('dialog', { name: 'Detalle de la consulta' })).toContainText(words);
  await expect(await adminRow(admin.page, nombre)).toContainText(words);
  await admin.context.close();

  const doctor = await staffPhone(browser, baseURL!, 'doctor');
  const row = await doctorRow(doctor.page, nombre);
  await expect(row.locator('[data-estado]')).toHaveText(words);
  await expect(row.locator('[data-pago]')).toHaveCount(0);
  await row.getByRole('button', { name: /Información Completa/ }).tap();
  const doctorModal = doctor.page.getByRole('dialog', { name: 'Información Completa de la consulta' });
  await expect(doctorModal.locator('[data-pago]')).toHaveText(words);
  await doctorModal.getByRole('button', { name: 'Cerrar' }).first().tap();
  await doctor.page.screenshot({ path: test.info().outputPath('doctor-list-360.png'), fullPage: true });
  // At 1366 px the same words stay under the patient's name.
  await doctor.page.setViewportSize({ width: 1366, height: 800 });
  await expect(row.locator('[data-estado]')).toBeVisible();
  await doctor.page.screenshot({ path: test.info().outputPath('doctor-list-1366.png') });
  await doctor.context.close();
});

test("a request the server fails to record says 'No se pudo completar la consulta.' and keeps the form", async ({ page, request }) => {
  const patient = await registerPatient(request, { nombre: uniqueName('Fallo') });
  await login(page, 'patient', patient);
  await page.goto('/consultas-virtuales');
  await page.getByLabel('He leído y acepto el acuerdo de consentimiento').click();
  await page.getByLabel('Servicio', { exact: true }).selectOption('consulta_general');
  await page.getByLabel('Médico', { exact: true }).selectOption({ label: DEMO_GENERAL_DOCTOR });
  await page.getByLabel('Síntomas', { exact: true }).fill('Mareos al levantarme');
  for (const section of ['Antecedentes familiares', 'Antecedentes personales', 'Antecedentes quirúrgicos', 'Alergias', 'Otros datos']) {
    await page.getByLabel(`No aplica: ${section}`).check();
  }
  // The server fails while recording the consultation with its payment.
  await page.route('**/api/consultations/receipt', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: messages.serverError }) }),
  );
  await page.getByLabel('Yappy (solo Panamá)').check();
  await page.getByLabel('Comprobante de pago (imagen o PDF)').setInputFiles({ name: 'yappy.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await page.getByRole('button', { name: 'Enviar comprobante' }).tap();
  await acceptAlert(page, messages.consultationIncomplete);
  // Nothing was lost: the form is still there with what was typed, and no waiting page.
  await expect(page.getByLabel('Síntomas', { exact: true })).toHaveValue('Mareos al levantarme');
  await expect(page.getByText(messages.waitingForChat)).toHaveCount(0);
});
