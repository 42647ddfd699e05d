import type { Browser } from '@playwright/test';
import { addDays, formatWeekdayDate, messages, panamaToday, weekdayOf } from '@clinica/shared';
import { test, expect, PNG_1X1, login, registerPatient, registerStaff } from './fixtures';
import { pickDay } from './booking';
import { acceptAlert, visitedBefore } from './frame-helpers';
import { linkIn, waitForMail } from './mailbox';

// The waitlist (issue 24, item 5, decision 0050): a patient joins the waitlist of a full day on
// /citas, another patient cancels, the first gets the offer mail, follows its link and books the
// freed hour through the normal payment. Real time: dates are counted from today in Panama.

const SHOTS = process.env.E2E_SHOTS_DIR;

/** The first Thursday at least three days after today (Panama): a cancellation is still in time. */
function nextThursday() {
  let fecha = addDays(panamaToday(Date.now()), 3);
  while (weekdayOf(fecha) !== 4) fecha = addDays(fecha, 1);
  return fecha;
}

/** A signed-in browser context of its own (its `request` carries the session's cookies). */
async function signedIn(browser: Browser, baseURL: string, role: 'patient' | 'doctor', creds: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await visitedBefore(page, context, baseURL);
  await login(page, role, creds);
  return { context, page, request: context.request };
}

test('a patient joins a full day\'s waitlist, another cancels, the first follows the mail\'s link and books the hour', async ({ page, request, browser, baseURL }) => {
  await visitedBefore(page, page.context(), baseURL!);
  const thursday = nextThursday();
  const doctor = await registerStaff(request, 'doctor', 'consulta_general');
  const doc = await signedIn(browser, baseURL!, 'doctor', doctor);
  // Thursdays 9:00 to 10:00 only: one hour, which the first patient takes.
  const week = { lunes: [], martes: [], miercoles: [], jueves: [{ desde: '09:00', hasta: '10:00' }], viernes: [], sabado: [], domingo: [] };
  const hours = await doc.request.put('/api/doctor/weekly-hours', { data: { horario: week, confirmar: true }, headers: { origin: baseURL! } });
  expect(hours.status(), await hours.text()).toBe(200);

  const holder = await registerPatient(request, {});
  const held = await signedIn(browser, baseURL!, 'patient', holder);
  const booked = await held.request.post('/api/appointments/receipt', {
    headers: { origin: baseURL! },
    multipart: {
      servicio: 'consulta_general',
      id_doctor: doctor.id,
      fecha: thursday,
      hora: '09:00',
      mensaje: 'Control',
      metodo_de_pago: 'Transferencia',
      monto: '10',
      comprobante_tranferencia: { name: 'recibo.png', mimeType: 'image/png', buffer: PNG_1X1 },
    },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  const token = ((await booked.json()) as { token: string }).token;

  // The waiting patient: the full Thursday can be picked, and offers the waitlist.
  const patient = await registerPatient(request, {});
  await login(page, 'patient', patient);
  await page.goto('/citas');
  await page.getByLabel('Servicio', { exact: true }).selectOption('consulta_general');
  await page.getByLabel('Médico', { exact: true }).selectOption({ label: doctor.nombre });
  await pickDay(page, thursday);
  await expect(page.getByText(messages.waitlistJoinIntro)).toBeVisible();
  if (SHOTS) {
    for (const width of [360, 1366]) {
      await page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
      await page.screenshot({ path: `${SHOTS}/waitlist-join-${width}.png`, fullPage: true });
    }
  }
  await page.getByRole('button', { name: messages.waitlistJoinButton }).click();
  await expect(page.getByRole('status')).toContainText(messages.waitlistJoined);

  // The patient's list shows it; the doctor sees one patient waiting that day, in words.
  await page.goto('/Citas_usuario');
  const mine = page.getByRole('region', { name: messages.waitlistMineTitle });
  await expect(mine).toContainText(formatWeekdayDate(thursday, 'es'));
  await expect(mine.getByRole('button', { name: messages.waitlistLeaveButton })).toBeVisible();
  await doc.page.goto('/Citas_Admin_Doctor');
  await expect(doc.page.getByRole('region', { name: messages.waitlistStaffTitle })).toContainText(
    messages.waitlistCountOne.replace('{{fecha}}', formatWeekdayDate(thursday, 'es')),
  );
  if (SHOTS) {
    for (const width of [360, 1366]) {
      await page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
      await page.screenshot({ path: `${SHOTS}/waitlist-mine-${width}.png`, fullPage: true });
      await doc.page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
      await doc.page.screenshot({ path: `${SHOTS}/waitlist-doctor-${width}.png` });
    }
  }

  // The other patient cancels: the hour frees up and the waiting patient is mailed.
  const cancel = await held.request.post(`/api/appointments/${token}/cancel`, { headers: { origin: baseURL! } });
  expect(cancel.status(), await cancel.text()).toBe(200);
  const mail = await waitForMail(patient.email, 'Se liberó una hora para su cita');
  await page.goto(linkIn(mail, '/citas?oferta='));
  const offer = page.getByRole('region', { name: messages.waitlistOfferTitle });
  await expect(offer).toContainText(formatWeekdayDate(thursday, 'es'));
  await expect(offer).toContainText(doctor.nombre);
  if (SHOTS) {
    for (const width of [360, 1366]) {
      await page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
      await page.screenshot({ path: `${SHOTS}/waitlist-offer-${width}.png`, fullPage: true });
    }
  }
  await page.getByLabel('Motivo de la consulta').fill('Control de presión arterial');
  await page.getByLabel('Transferencia bancaria (solo Panamá)').check();
  await page.getByLabel('Comprobante de pago (imagen o PDF)').setInputFiles({ name: 'recibo.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await page.getByRole('button', { name: 'Enviar comprobante' }).click();
  await acceptAlert(page, messages.receiptSent);
  await expect(offer.getByRole('status')).toContainText(messages.receiptSent);

  // Booked: the appointment is listed, and the patient no longer waits for that day.
  await page.goto('/Citas_usuario');
  await expect(page.getByRole('list', { name: 'Mis citas' })).toContainText(formatWeekdayDate(thursday, 'es'));
  await expect(page.getByRole('region', { name: messages.waitlistMineTitle })).toHaveCount(0);
  await doc.context.close();
  await held.context.close();
});
