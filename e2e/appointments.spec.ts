import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { format } from 'date-fns';
import { es } from 'date-fns/locale/es';
import { addDays, formatWeekdayDate, messages, panamaToday, weekdayOf } from '@clinica/shared';
import { test, expect, DEMO, PNG_1X1, distinctPng, login, registerPatient, registerStaff } from './fixtures';
import { acceptAlert, visitedBefore } from './frame-helpers';
import { waitForMail } from './mailbox';

// In-person appointments (issue 5): booking with transfer and with PayPal (local stand-in), the
// Spanish date picker refusing past and unavailable days, a doctor blocking a date, the staff
// finding an appointment by first name, and the patient cancelling. The server runs on real
// time, so dates are counted from today in Panama; every test has a doctor of its own.

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const suffix = () => Array.from({ length: 6 }, () => LETTERS[Math.floor(Math.random() * LETTERS.length)]).join('');

/** A weekday at least `ahead` days after today (Panama), yyyy-MM-dd. */
function weekdayAhead(ahead: number) {
  let fecha = addDays(panamaToday(Date.now()), ahead);
  while (weekdayOf(fecha) === 0 || weekdayOf(fecha) === 6) fecha = addDays(fecha, 1);
  return fecha;
}

/** How the pages write a day a person plans: 'miércoles 25 nov. 2026' (the shared format, decision 0044). */
const shownDay = (fecha: string) => formatWeekdayDate(fecha, 'es');

/** The patient's list on /Citas_usuario. */
const myAppointments = (page: Page) => page.getByRole('list', { name: 'Mis citas' }).getByRole('listitem');

/** The picker's own name of a day (react-datepicker's aria-label): 'miércoles, 25 de noviembre de 2026'. */
const dayName = (fecha: string) => {
  const [y = 0, m = 1, d = 1] = fecha.split('-').map(Number);
  return format(new Date(y, m - 1, d), 'PPPP', { locale: es });
};

/** The calendar's cell of a day, whatever its prefix ('Elegir' or 'No disponible'). */
const dayCell = (page: Page, fecha: string) => page.getByRole('gridcell', { name: new RegExp(`^(Elegir|No disponible) ${dayName(fecha)}$`) });

/** Opens the picker of `label` and moves month by month until the day is shown. */
async function showDay(page: Page, fecha: string, label = 'Fecha') {
  await page.getByLabel(label, { exact: true }).click();
  for (let i = 0; i < 13 && (await dayCell(page, fecha).count()) === 0; i++) {
    await page.getByRole('button', { name: 'Mes siguiente' }).click();
  }
  return dayCell(page, fecha);
}

async function pickDay(page: Page, fecha: string, label = 'Fecha') {
  const cell = await showDay(page, fecha, label);
  await expect(cell).toHaveAttribute('aria-label', `Elegir ${dayName(fecha)}`);
  await cell.click();
  await expect(page.getByLabel(label, { exact: true })).toHaveValue(format(new Date(`${fecha}T12:00:00`), 'dd/MM/yyyy'));
}

/** A doctor of Medicina Interna of this test only, and how the form lists them. */
async function newDoctor(request: APIRequestContext) {
  const doctor = await registerStaff(request, 'doctor', 'medicina_interna');
  return { ...doctor, label: doctor.nombre };
}

/** Signs a new patient in and opens /citas with the service and the doctor chosen. */
async function openBooking(page: Page, request: APIRequestContext, doctorLabel: string, nombre = `Paciente${suffix()}`) {
  const patient = await registerPatient(request, { nombre });
  await login(page, 'patient', patient);
  await page.goto('/citas');
  await expect(page.getByRole('heading', { name: 'Citas presenciales', level: 1 })).toBeVisible();
  await page.getByLabel('Servicio', { exact: true }).selectOption('medicina_interna');
  await page.getByLabel('Médico', { exact: true }).selectOption({ label: doctorLabel });
  await expect(page.getByText('Precio de la cita: USD 40.00')).toBeVisible();
  return { ...patient, nombre };
}

/** Books by transfer through the API, as the form does, for the signed-in patient of `page`. */
async function bookThroughApi(page: Page, input: { doctorName: string; fecha: string; hora: string }) {
  const doctors = (await (await page.request.get('/api/doctors?servicio=medicina_interna')).json()) as { id: string; nombre: string }[];
  const doctor = doctors.find((d) => d.nombre === input.doctorName);
  const res = await page.request.post('/api/appointments/receipt', {
    multipart: {
      servicio: 'medicina_interna',
      id_doctor: doctor!.id,
      fecha: input.fecha,
      hora: input.hora,
      mensaje: 'Dolor de espalda desde hace una semana',
      metodo_de_pago: 'Transferencia',
      monto: '40',
      comprobante_tranferencia: { name: 'recibo.png', mimeType: 'image/png', buffer: PNG_1X1 },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function staffPage(browser: Browser, baseURL: string, role: 'admin' | 'doctor', creds: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await visitedBefore(page, context, baseURL);
  await login(page, role, { email: creds.email, password: creds.password });
  return page;
}

test.beforeEach(async ({ page, context, baseURL }) => {
  await visitedBefore(page, context, baseURL!);
});

test('transfer: every field is asked for, then the request is sent, the form reset and the appointment listed', async ({ page, request }) => {
  const doctor = await newDoctor(request);
  await openBooking(page, request, doctor.label);
  const fecha = weekdayAhead(3);
  await page.goto('/Citas_usuario');
  await expect(page.getByText(messages.noResults)).toBeVisible();
  await page.goto('/citas');
  await page.getByLabel('Servicio', { exact: true }).selectOption('medicina_interna');
  await page.getByLabel('Médico', { exact: true }).selectOption({ label: doctor.label });

  // The receipt alone is not enough.
  await page.getByLabel('Transferencia bancaria (solo Panamá)').check();
  await page.getByLabel('Comprobante de pago (imagen o PDF)').setInputFiles({ name: 'recibo.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await page.getByRole('button', { name: 'Enviar comprobante' }).click();
  await acceptAlert(page, messages.missingFieldsWithReceipt);

  await pickDay(page, fecha);
  await page.getByLabel('Hora', { exact: true }).selectOption('10:00');
  await page.getByLabel('Motivo de la consulta').fill('Control de presión arterial');
  await page.getByRole('button', { name: 'Enviar comprobante' }).click();
  await acceptAlert(page, messages.receiptSent);

  // The form is reset.
  await expect(page.getByLabel('Servicio', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Motivo de la consulta')).toHaveValue('');
  await expect(page.getByRole('status')).toContainText(messages.receiptSent);
  // One full stop after the time, not "a. m.. Ver mis citas" (issue 23, item 8).
  await expect(page.getByRole('status')).toContainText(/m\. Ver mis citas$/);
  await expect(page.getByRole('status')).not.toContainText('..');
  // How long the hour is held for the receipt's review (decision 0050: 24 hours, the start being days later).
  const heldUntil = messages.appointmentHeldUntil.split('{{fecha}}')[0]!;
  await expect(page.getByText(heldUntil)).toBeVisible();

  await page.getByRole('link', { name: 'Ver mis citas' }).click();
  await expect(page).toHaveURL(/\/Citas_usuario$/);
  await expect(myAppointments(page)).toContainText(shownDay(fecha));
  await expect(myAppointments(page)).toContainText('Pago en revisión');
  await expect(myAppointments(page)).toContainText(heldUntil);
});

test('PayPal through the stand-in: refused while incomplete, then paid and confirmed', async ({ page, request, browser, baseURL }) => {
  const doctor = await newDoctor(request);
  await openBooking(page, request, doctor.label);
  const fecha = weekdayAhead(4);

  await page.getByLabel('PayPal o tarjeta de débito/crédito').check();
  await expect(page.getByText('Monto a pagar: USD 40.00')).toBeVisible();
  await page.getByRole('button', { name: 'Pagar con PayPal (demo)' }).click();
  await acceptAlert(page, messages.missingFields);

  await pickDay(page, fecha);
  await page.getByLabel('Hora', { exact: true }).selectOption('15:00');
  await page.getByLabel('Motivo de la consulta').fill('Revisión de exámenes de sangre');
  await page.getByRole('button', { name: 'Pagar con PayPal (demo)' }).click();
  await acceptAlert(page, messages.appointmentSent);
  await expect(page.getByLabel('Servicio', { exact: true })).toHaveValue('');

  await page.goto('/Citas_usuario');
  await expect(myAppointments(page)).toContainText('Confirmada');
  await page.getByRole('button', { name: /Ver detalle/ }).click();
  const modal = page.getByRole('dialog', { name: 'Detalle de la cita' });
  await expect(modal).toContainText('Paypal o Tarjeta · USD 40.00 · Aprobado');

  // The hour is taken now: another patient does not get it.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await visitedBefore(otherPage, other, baseURL!);
  await openBooking(otherPage, otherPage.request, doctor.label);
  await pickDay(otherPage, fecha);
  await expect(otherPage.getByLabel('Hora', { exact: true }).locator('option[value="15:00"]')).toHaveCount(0);
  await expect(otherPage.getByLabel('Hora', { exact: true }).locator('option[value="14:00"]')).toHaveCount(1);
  await other.close();
});

test('the picker refuses past days, and a day the doctor blocks disappears from the patient’s picker', async ({ page, request, browser, baseURL }) => {
  const doctor = await newDoctor(request);
  const blocked = weekdayAhead(5);
  await openBooking(page, request, doctor.label);

  // Past days cannot be chosen (yesterday is shown when it is in this month; otherwise the
  // calendar does not go back at all).
  const yesterday = addDays(panamaToday(Date.now()), -1);
  await page.getByLabel('Fecha', { exact: true }).click();
  const past = dayCell(page, yesterday);
  if ((await past.count()) > 0) {
    await expect(past).toHaveAttribute('aria-disabled', 'true');
    await expect(past).toHaveAttribute('aria-label', `No disponible ${dayName(yesterday)}`);
    await past.click({ force: true });
    await expect(page.getByLabel('Fecha', { exact: true })).toHaveValue('');
  } else {
    await expect(page.getByRole('button', { name: 'Mes anterior' })).toHaveCount(0);
  }
  await page.keyboard.press('Escape');
  // The day to block is free for now.
  await expect(await showDay(page, blocked)).toHaveAttribute('aria-label', `Elegir ${dayName(blocked)}`);
  await page.keyboard.press('Escape');

  // The doctor blocks it on /Fecha_Admin_Doctor.
  const doc = await staffPage(browser, baseURL!, 'doctor', doctor);
  await doc.goto('/Fecha_Admin_Doctor');
  await expect(doc.getByRole('heading', { name: 'Ingresar Fecha No Disponible', level: 1 })).toBeVisible();
  await doc.getByRole('button', { name: 'Enviar' }).click();
  await acceptAlert(doc, messages.missingFields);
  await pickDay(doc, blocked, 'Fecha no disponible');
  // The server cannot be reached: 'Error al enviar la fecha'.
  await doc.route('**/api/doctor/blocked-dates', (route) => (route.request().method() === 'POST' ? route.abort() : route.fallback()));
  await doc.getByRole('button', { name: 'Enviar' }).click();
  await acceptAlert(doc, messages.dateBlockFailed);
  await doc.unroute('**/api/doctor/blocked-dates');
  await doc.getByRole('button', { name: 'Enviar' }).click();
  await acceptAlert(doc, messages.dateBlockedOk);
  await expect(doc.getByRole('list', { name: 'Mis fechas no disponibles' }).getByRole('listitem')).toContainText(shownDay(blocked));

  // The patient's picker, loaded again, refuses it.
  await page.reload();
  await page.getByLabel('Servicio', { exact: true }).selectOption('medicina_interna');
  await page.getByLabel('Médico', { exact: true }).selectOption({ label: doctor.label });
  const cell = await showDay(page, blocked);
  await expect(cell).toHaveAttribute('aria-label', `No disponible ${dayName(blocked)}`);
  await expect(cell).toHaveAttribute('aria-disabled', 'true');
  await cell.click({ force: true });
  await expect(page.getByLabel('Fecha', { exact: true })).toHaveValue('');
  await page.keyboard.press('Escape');

  // Unblocked, it can be chosen again.
  await doc.getByRole('button', { name: `Desbloquear el ${shownDay(blocked)}` }).click();
  await acceptAlert(doc, messages.dateUnblockedOk);
  await expect(doc.getByText(messages.noBlockedDates)).toBeVisible();
  await page.reload();
  await page.getByLabel('Servicio', { exact: true }).selectOption('medicina_interna');
  await page.getByLabel('Médico', { exact: true }).selectOption({ label: doctor.label });
  await pickDay(page, blocked);
  await doc.context().close();
});

test('a doctor warned about appointments already held, then the doctor and an administrator find the appointment by first name', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const doctor = await newDoctor(request);
  const nombre = `Ámbar${suffix()}`;
  const fecha = weekdayAhead(6);
  const patient = await registerPatient(request, { nombre });
  await login(page, 'patient', patient);
  await bookThroughApi(page, { doctorName: doctor.nombre, fecha, hora: '11:00' });

  // The doctor's list: their own appointment, found without accents or capitals.
  const doc = await staffPage(browser, baseURL!, 'doctor', doctor);
  await doc.goto('/Citas_Admin_Doctor');
  await expect(doc.getByRole('row')).toHaveCount(2);
  await doc.getByLabel('Nombre del paciente').fill(nombre.toLowerCase().replace('á', 'a'));
  await doc.getByRole('button', { name: 'Enviar' }).click();
  await expect(doc.getByRole('row')).toHaveCount(2);
  await doc.getByLabel('Nombre del paciente').fill('nadie-con-este-nombre');
  await doc.getByRole('button', { name: 'Enviar' }).click();
  await expect(doc.getByText(messages.noResults)).toBeVisible();
  await doc.getByRole('button', { name: 'Limpiar Búsqueda' }).click();
  await doc.getByRole('button', { name: /Información Completa/ }).click();
  const modal = doc.getByRole('dialog', { name: 'Información Completa de la cita' });
  for (const text of [nombre, 'Batista', patient.email, '+507 67654321', shownDay(fecha), '11:00', 'Medicina Interna', 'Dolor de espalda desde hace una semana']) {
    await expect(modal).toContainText(text);
  }
  await modal.getByRole('button', { name: 'Cerrar' }).click();

  // Blocking that day: first the warning that lists the appointment.
  await doc.goto('/Fecha_Admin_Doctor');
  await pickDay(doc, fecha, 'Fecha no disponible');
  await doc.getByRole('button', { name: 'Enviar' }).click();
  const warning = doc.getByRole('alert').filter({ hasText: messages.blockDateHasAppointments });
  await expect(warning).toContainText(`${nombre} Batista`);
  await warning.getByRole('button', { name: 'No bloquear' }).click();
  await expect(doc.getByText(messages.noBlockedDates)).toBeVisible();
  await doc.context().close();

  // The administrator finds it among everybody's and cancels it.
  const admin = await staffPage(browser, baseURL!, 'admin', DEMO.admin);
  await admin.goto('/Citas_Admin');
  await admin.getByLabel('Nombre del paciente').fill(nombre.toUpperCase());
  await admin.getByRole('button', { name: 'Enviar' }).click();
  await expect(admin.getByRole('row')).toHaveCount(2);
  await expect(admin.getByRole('row').nth(1)).toContainText('Tomás Morales');
  await admin.getByRole('button', { name: /Información Completa/ }).click();
  const adminModal = admin.getByRole('dialog', { name: 'Información Completa de la cita' });
  await expect(adminModal).toContainText('Transferencia · USD 40.00 · En revisión');
  await adminModal.getByRole('button', { name: 'Cancelar cita' }).click();
  await expect(adminModal.getByText(messages.cancelReasonRequired)).toBeVisible();
  await adminModal.getByLabel('Motivo de la cancelación').fill('La transferencia no llegó');
  await adminModal.getByRole('button', { name: 'Cancelar cita' }).click();
  await acceptAlert(admin, messages.appointmentCancelled);
  await expect(adminModal).toContainText('Por la clínica');
  await admin.context().close();

  // The patient sees it cancelled, with the reason.
  await page.goto('/Citas_usuario');
  await page.getByRole('button', { name: /Ver detalle/ }).click();
  await expect(page.getByRole('dialog', { name: 'Detalle de la cita' })).toContainText('La transferencia no llegó');
});

test('the patient downloads the .ics, cancels more than 24 hours ahead, and the hour is free again', async ({ page, request }) => {
  const doctor = await newDoctor(request);
  const fecha = weekdayAhead(3);
  await openBooking(page, request, doctor.label);
  await bookThroughApi(page, { doctorName: doctor.nombre, fecha, hora: '09:00' });

  // Taken: not offered.
  await pickDay(page, fecha);
  await expect(page.getByLabel('Hora', { exact: true }).locator('option[value="09:00"]')).toHaveCount(0);

  await page.goto('/Citas_usuario');
  await page.getByRole('button', { name: /Ver detalle/ }).click();
  const modal = page.getByRole('dialog', { name: 'Detalle de la cita' });
  await expect(modal).toContainText('Dolor de espalda desde hace una semana');
  const [download] = await Promise.all([page.waitForEvent('download'), modal.getByRole('link', { name: 'Añadir a mi calendario (.ics)' }).click()]);
  expect(download.suggestedFilename()).toBe(`cita-${fecha}-0900.ics`);

  await modal.getByRole('button', { name: 'Cancelar cita' }).click();
  await expect(modal.getByText(messages.appointmentConfirmCancel)).toBeVisible();
  await modal.getByRole('button', { name: 'Sí, cancelar la cita' }).click();
  await acceptAlert(page, messages.appointmentCancelled);
  await expect(modal).toContainText('Cancelada');
  await expect(modal.getByRole('button', { name: 'Cancelar cita' })).toHaveCount(0);
  await modal.getByRole('button', { name: 'Cerrar' }).click();

  await page.goto('/citas');
  await page.getByLabel('Servicio', { exact: true }).selectOption('medicina_interna');
  await page.getByLabel('Médico', { exact: true }).selectOption({ label: doctor.label });
  await pickDay(page, fecha);
  await expect(page.getByLabel('Hora', { exact: true }).locator('option[value="09:00"]')).toHaveCount(1);
});

test('the appointment pages pass axe (WCAG 2.1 AA) at 360 px, the calendar open included', async ({ page, request, browser, baseURL }) => {
  // Six pages and dialogs, each analysed by axe at 360 px: past 60 s on a slow host (session 12's took
  // 60 s to reach the doctor's dialog), so this test gets Playwright's tripled time.
  test.slow();
  const axe = async (p: Page) =>
    (await new AxeBuilder({ page: p }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations.map((v) => ({
      id: v.id,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }));
  await page.setViewportSize({ width: 360, height: 800 });
  const doctor = await newDoctor(request);
  const nombre = `Paciente${suffix()}`;
  await openBooking(page, request, doctor.label, nombre);
  const fecha = weekdayAhead(3);
  await pickDay(page, fecha);
  await page.getByLabel('Hora', { exact: true }).selectOption('12:00');
  await page.getByLabel('Transferencia bancaria (solo Panamá)').check();
  expect(await axe(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByLabel('Fecha', { exact: true }).click();
  await expect(page.getByRole('gridcell').first()).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await bookThroughApi(page, { doctorName: doctor.nombre, fecha, hora: '12:00' });
  await page.goto('/Citas_usuario');
  await page.getByRole('button', { name: /Ver detalle/ }).click();
  await expect(page.getByRole('dialog')).toContainText('Dolor de espalda');
  expect(await axe(page)).toEqual([]);

  const doc = await staffPage(browser, baseURL!, 'doctor', doctor);
  await doc.setViewportSize({ width: 360, height: 800 });
  await doc.goto('/Citas_Admin_Doctor');
  await doc.getByRole('button', { name: /Información Completa/ }).click();
  await expect(doc.getByRole('dialog')).toContainText(nombre);
  expect(await axe(doc)).toEqual([]);
  await doc.goto('/Fecha_Admin_Doctor');
  await pickDay(doc, fecha, 'Fecha no disponible');
  await doc.getByRole('button', { name: 'Enviar' }).click();
  await expect(doc.getByText(messages.blockDateHasAppointments)).toBeVisible();
  expect(await axe(doc)).toEqual([]);
  await doc.context().close();

  const admin = await staffPage(browser, baseURL!, 'admin', DEMO.admin);
  await admin.setViewportSize({ width: 360, height: 800 });
  await admin.goto('/Citas_Admin');
  await admin.getByLabel('Nombre del paciente').fill(nombre);
  await admin.getByRole('button', { name: 'Enviar' }).click();
  // The list keeps the previous rows on screen while the search runs: wait for the patient's one.
  await expect(admin.getByRole('row')).toHaveCount(2);
  await admin.getByRole('button', { name: /Información Completa/ }).click();
  await expect(admin.getByRole('dialog')).toContainText(nombre);
  expect(await axe(admin)).toEqual([]);
  await admin.context().close();
});

test('a doctor with more appointments than a page pages through them all, and the patient through theirs', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  // 23 appointments of a doctor of this test: a page holds 20 (docs/decisions/0022).
  const doctor = await newDoctor(request);
  const first = weekdayAhead(8);
  let second = addDays(first, 1);
  while (weekdayOf(second) === 0 || weekdayOf(second) === 6) second = addDays(second, 1);
  const hoursOf = (n: number) => Array.from({ length: n }, (_, i) => `${String(8 + i).padStart(2, '0')}:00`);
  const otherName = `Otra${suffix()}`;
  const other = await registerPatient(request, { nombre: otherName });
  await login(page, 'patient', other);
  await bookThroughApi(page, { doctorName: doctor.nombre, fecha: second, hora: '21:00' });
  const patientName = `Muchas${suffix()}`;
  const patient = await registerPatient(request, { nombre: patientName });
  await login(page, 'patient', patient);
  for (const hora of hoursOf(14)) await bookThroughApi(page, { doctorName: doctor.nombre, fecha: first, hora });
  for (const hora of hoursOf(8)) await bookThroughApi(page, { doctorName: doctor.nombre, fecha: second, hora });

  const doc = await staffPage(browser, baseURL!, 'doctor', doctor);
  await doc.goto('/Citas_Admin_Doctor');
  const pager = doc.getByRole('navigation', { name: 'Paginación' });
  const details = doc.getByRole('button', { name: /Información Completa/ });
  await expect(details).toHaveCount(20);
  await expect(pager).toContainText('Página 1');
  await expect(pager.getByRole('button', { name: 'Anterior' })).toBeDisabled();
  const seen = await details.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
  // Soonest first: the first day's appointments open the list; the other patient's, last of all, ends it.
  await expect(doc.getByRole('row').nth(1)).toContainText(patientName);

  await pager.getByRole('button', { name: 'Siguiente' }).click();
  await expect(pager).toContainText('Página 2');
  await expect(details).toHaveCount(3);
  await expect(pager.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  seen.push(...(await details.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')))));
  // Every appointment once: 23 different rows over the two pages, the other patient's last.
  expect(new Set(seen).size).toBe(23);
  await expect(doc.getByRole('row').last()).toContainText(otherName);

  await pager.getByRole('button', { name: 'Anterior' }).click();
  await expect(pager).toContainText('Página 1');
  await expect(details).toHaveCount(20);
  // A search starts again at its own first page: the other patient's one appointment, no pager.
  await pager.getByRole('button', { name: 'Siguiente' }).click();
  await expect(pager).toContainText('Página 2');
  await doc.getByLabel('Nombre del paciente').fill(otherName);
  await doc.getByRole('button', { name: 'Enviar' }).click();
  await expect(details).toHaveCount(1);
  await expect(pager).toHaveCount(0);
  await doc.context().close();

  // The patient's own list: 22 appointments over two pages.
  await page.goto('/Citas_usuario');
  await expect(myAppointments(page)).toHaveCount(20);
  await page.getByRole('navigation', { name: 'Paginación' }).getByRole('button', { name: 'Siguiente' }).click();
  await expect(myAppointments(page)).toHaveCount(2);
});

// Issue 20: right after a paid booking the free hours reload, the booked hour disappears from
// them and the form clears it; the success line used to format that empty hour and the page went
// blank in about 8 of 20 runs on the tester's phone. Each booking here has the free-hours answer
// hurried or delayed. (Here the race did not show in 20 runs without the fix either: the page now
// takes the day and hour from the paid request, so no order of answers can reach an empty hour.)
for (const method of ['Yappy', 'PayPal'] as const) {
  test(`20 bookings by ${method}, the free hours answered early or late: each ends on its success message with the form reset`, async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const doctor = await newDoctor(request);
    let turn = 0;
    await page.route('**/api/appointments/hours?**', async (route) => {
      // Alternately at once, after 150 ms and after 600 ms: before and after the booking's answer.
      const delay = [0, 150, 600][turn++ % 3]!;
      if (delay) await new Promise((r) => setTimeout(r, delay));
      await route.continue();
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const expected = method === 'Yappy' ? messages.receiptSent : messages.appointmentSent;
    for (let i = 0; i < 20; i++) {
      // Yappy holds the hour until an administrator approves it: a patient of its own each time,
      // as twenty different patients would.
      if (i === 0 || method === 'Yappy') await login(page, 'patient', await registerPatient(request, { nombre: `Paciente${suffix()}` }));
      const fecha = weekdayAhead(6 + Math.floor(i / 10));
      await page.goto('/citas');
      await page.getByLabel('Servicio', { exact: true }).selectOption('medicina_interna');
      await page.getByLabel('Médico', { exact: true }).selectOption({ label: doctor.label });
      await pickDay(page, fecha);
      const hour = page.getByLabel('Hora', { exact: true });
      await expect(hour.locator('option:not([value=""])').first()).toBeAttached();
      const hora = await hour.locator('option:not([value=""])').first().getAttribute('value');
      await hour.selectOption(hora);
      await page.getByLabel('Motivo de la consulta').fill(`Control número ${i + 1}`);
      if (method === 'Yappy') {
        await page.getByLabel('Yappy (solo Panamá)').check();
        await page.getByLabel('Comprobante de pago (imagen o PDF)').setInputFiles({ name: 'yappy.png', mimeType: 'image/png', buffer: distinctPng() });
        await page.getByRole('button', { name: 'Enviar comprobante' }).click();
      } else {
        await page.getByLabel('PayPal o tarjeta de débito/crédito').check();
        await page.getByRole('button', { name: 'Pagar con PayPal (demo)' }).click();
      }
      await acceptAlert(page, expected);
      const done = page.getByRole('status').filter({ hasText: expected });
      await expect(done).toContainText(shownDay(fecha));
      await expect(page.getByLabel('Servicio', { exact: true })).toHaveValue('');
      await expect(page.getByLabel('Motivo de la consulta')).toHaveValue('');
    }
    expect(errors).toEqual([]);
  });
}

test('a page that fails to render keeps the frame and says what happened instead of going blank', async ({ page, request }) => {
  const doctor = await newDoctor(request);
  await openBooking(page, request, doctor.label);
  // An answer the page cannot show (an object where the list of hours goes) makes its render throw.
  // (An hour that is no hour no longer does: the shared date format shows it as it came.)
  await page.route('**/api/appointments/hours?**', (route) => route.fulfill({ json: { no: 'es una lista' } }));
  await (await showDay(page, weekdayAhead(3))).click();
  await expect(page.getByRole('alert').getByRole('heading', { name: 'No se pudo mostrar esta página' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Lo que ya pagó o envió está guardado.');
  // The frame is still there: the site's header and its menu lead elsewhere.
  await expect(page.getByRole('banner')).toBeVisible();
  await page.unroute('**/api/appointments/hours?**');
  await page.getByRole('button', { name: 'Recargar la página' }).click();
  await expect(page.getByRole('heading', { name: 'Citas presenciales', level: 1 })).toBeVisible();
});

// Reschedule (issue 24, decision 0049): the patient moves a requested appointment from
// /Citas_usuario with the same date picker and free hours as /citas, sees the new time, and
// receives the updated .ics (same UID, higher SEQUENCE).
test('a patient moves an appointment to another free hour from /Citas_usuario and gets the updated .ics', async ({ page, request }) => {
  const doctor = await newDoctor(request);
  const patient = await openBooking(page, request, doctor.label);
  const fecha = weekdayAhead(3);
  const nueva = weekdayAhead(5);
  await bookThroughApi(page, { doctorName: doctor.nombre, fecha, hora: '10:00' });

  await page.goto('/Citas_usuario');
  await expect(myAppointments(page)).toContainText(shownDay(fecha));
  await expect(myAppointments(page)).toContainText('Solicitada');
  await page.getByRole('button', { name: /Ver detalle/ }).click();
  const modal = page.getByRole('dialog', { name: 'Detalle de la cita' });
  await modal.getByRole('button', { name: 'Cambiar fecha u hora' }).click();
  const form = modal.getByRole('form', { name: 'Cambiar la fecha u hora de la cita' });
  await expect(form).toBeVisible();
  // Nothing chosen: said, nothing sent.
  await form.getByRole('button', { name: 'Confirmar el cambio' }).click();
  await expect(form.getByRole('alert')).toHaveText(messages.missingFields);

  await pickDay(page, nueva);
  await form.getByLabel('Hora', { exact: true }).selectOption('16:00');
  await page.screenshot({ path: 'test-results/reschedule-desktop.png' });
  // The rest on a phone's width: the form and the answer fit a 360 px screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await form.getByRole('button', { name: 'Confirmar el cambio' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/reschedule-phone.png' });
  await form.getByRole('button', { name: 'Confirmar el cambio' }).click();
  await acceptAlert(page, messages.appointmentRescheduled);
  await expect(modal).toContainText(shownDay(nueva));
  await expect(modal).toContainText('4:00 p. m.');
  // It reads as moved, and what it waits for still shows: the transfer (decision 0049, session 10).
  await expect(modal).toContainText('Reprogramada · Pago en revisión');
  await expect(modal).not.toContainText(shownDay(fecha));

  const mail = await waitForMail(patient.email, 'Su cita cambió de fecha u hora');
  const ics = mail.attachments.find((a) => a.mimeType.startsWith('text/calendar'));
  expect(ics).toBeDefined();
  const body = typeof ics!.content === 'string' ? ics!.content : new TextDecoder().decode(ics!.content);
  expect(body).toContain('SEQUENCE:1');
  expect(body).toMatch(/UID:cita-[0-9a-f-]+@/);
});
