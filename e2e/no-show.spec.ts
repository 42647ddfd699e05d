import { addDays, messages, panamaToday } from '@clinica/shared';
import { test, expect, adminApi, login, registerPatient, registerStaff } from './fixtures';
import { acceptAlert, visitedBefore } from './frame-helpers';

// Issue 24 items 4 and 6 (decision 0049, session 10): a doctor marks a no-show from the week view.
// The e2e server runs on real time, so the appointment is paid for an hour next week and then moved
// by the e2e server's test-only route (TEST_ONLY_APPOINTMENT_BACKDATE, refused in production) to the
// doctor's latest hour that has started; the rest is what a doctor and a patient do.

const SHOTS = process.env.E2E_SHOTS_DIR;

test.beforeEach(async ({ page, context, baseURL }) => {
  await visitedBefore(page, context, baseURL!);
});

test('a doctor opens a started appointment from the week view by keyboard, marks "No asistió", and the list and the patient read it', async ({ page, request, browser, baseURL }) => {
  const doctor = await registerStaff(request, 'doctor', 'consulta_general');
  const patient = await registerPatient(request, { nombre: 'Dolores', apellido: 'Vega' });
  expect((await request.post('/api/auth/login', { data: { email: patient.email, password: patient.password } })).status()).toBe(200);
  // Paid with PayPal (the stand-in), so it is confirmed: attendance is marked on confirmed appointments.
  const slot = { servicio: 'consulta_general', id_doctor: doctor.id, fecha: addDays(panamaToday(Date.now()), 8), hora: '10:00', mensaje: 'Control de presión arterial' };
  const order = await request.post('/api/appointments/paypal/order', { data: { ...slot, metodo_de_pago: 'Paypal o Tarjeta', monto: 10 } });
  expect(order.status(), await order.text()).toBe(200);
  const { id } = (await order.json()) as { id: string };
  const approved = (await (await request.post(`/paypal-sandbox/demo/orders/${id}/approve`)).json()) as { payerID: string };
  const captured = await request.post('/api/appointments/paypal/capture', { data: { ...slot, monto: 10, orderID: id, payerID: approved.payerID } });
  expect(captured.status(), await captured.text()).toBe(200);
  const { token } = (await captured.json()) as { token: string };
  const moved = await (await adminApi(baseURL!)).post(`/api/test-only/appointments/${token}/started`);
  expect(moved.status(), await moved.text()).toBe(200);
  const { fecha } = (await moved.json()) as { fecha: string; hora: string };

  await login(page, 'doctor', doctor);
  await page.goto('/Citas_Admin_Doctor');
  await page.getByRole('button', { name: 'Semana' }).click();
  const grid = page.getByRole('grid');
  await expect(grid).toBeVisible();
  // A started hour may be yesterday, in last week when today is Monday.
  const appointment = grid.getByRole('button', { name: /Dolores Vega/ });
  const today = panamaToday(Date.now());
  const monday = addDays(today, -((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7));
  if (fecha < monday) await page.getByRole('button', { name: 'Semana anterior' }).click();
  await expect(appointment).toBeVisible();
  // By keyboard: focus the appointment and press Enter.
  await appointment.focus();
  await appointment.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Información Completa de la cita' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Sin inasistencias')).toBeVisible();
  await dialog.getByRole('button', { name: 'No asistió' }).click();
  // The alert the product shows after marking, then the details say it.
  await acceptAlert(page, messages.appointmentAttendanceMarked);
  await expect(dialog.getByText('1 inasistencia', { exact: true })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/no-show-details-1366.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  // The week's cell says it in the same words.
  await expect(appointment).toContainText('No asistió');

  // The list reads it.
  await page.getByRole('button', { name: 'Lista' }).click();
  const row = page.getByRole('table').getByRole('row').filter({ hasText: 'Dolores Vega' });
  await expect(row.getByText('No asistió')).toBeVisible();

  // And the patient on /Citas_usuario, on a phone.
  const phone = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const patientPage = await phone.newPage();
  await visitedBefore(patientPage, phone, baseURL!);
  await login(patientPage, 'patient', patient);
  await patientPage.goto('/Citas_usuario');
  await expect(patientPage.getByText('No asistió').first()).toBeVisible();
  if (SHOTS) await patientPage.screenshot({ path: `${SHOTS}/no-show-patient-360.png`, fullPage: true });
  await phone.close();
});
