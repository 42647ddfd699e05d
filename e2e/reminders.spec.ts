import { addDays, messages, panamaToday } from '@clinica/shared';
import { test, expect, DEMO, PNG_1X1, login, registerPatient, registerStaff } from './fixtures';
import { linkIn, waitForMail } from './mailbox';
import { visitedBefore } from './frame-helpers';

// Reminders with a one-tap answer (issue 24 item 7, decision 0052): a confirmed appointment within
// 24 hours gets its reminder (the e2e server sweeps every 2 s); the patient follows the mailed link
// on a phone that is not signed in, confirms, and the doctor sees the answer in their list.

const SHOTS = process.env.E2E_SHOTS_DIR;
const HOUR = 3_600_000;

test('the patient confirms attendance from the mailed reminder without signing in; the doctor sees it', async ({ page, context, request, browser, baseURL }) => {
  test.setTimeout(90_000);
  await visitedBefore(page, context, baseURL!);
  const doctor = await registerStaff(request, 'doctor', 'medicina_interna');
  const nombre = `Recordar${Date.now().toString(36)}`;
  const patient = await registerPatient(request, { nombre });
  await login(page, 'patient', patient);
  const doctors = (await (await page.request.get('/api/doctors?servicio=medicina_interna')).json()) as { id: string; nombre: string }[];
  const id = doctors.find((d) => d.nombre === doctor.nombre)!.id;

  // A free hour between 3 and 23 hours from now (real time): inside the 24-hour reminder's window.
  let slot: { fecha: string; hora: string } | undefined;
  for (const fecha of [panamaToday(Date.now()), addDays(panamaToday(Date.now()), 1)]) {
    const free = (await (await page.request.get(`/api/appointments/hours?id=${id}&fecha=${fecha}`)).json()) as string[];
    const hora = free.find((h) => {
      const ahead = Date.parse(`${fecha}T${h}:00-05:00`) - Date.now();
      return ahead > 3 * HOUR && ahead < 23 * HOUR;
    });
    if (hora) {
      slot = { fecha, hora };
      break;
    }
  }
  expect(slot, 'no free hour 3 to 23 hours ahead').toBeDefined();
  const booked = await page.request.post('/api/appointments/receipt', {
    multipart: {
      servicio: 'medicina_interna',
      id_doctor: id,
      fecha: slot!.fecha,
      hora: slot!.hora,
      mensaje: 'Control',
      metodo_de_pago: 'Yappy',
      monto: '40',
      comprobante_tranferencia: { name: 'recibo.png', mimeType: 'image/png', buffer: PNG_1X1 },
    },
  });
  expect(booked.status(), await booked.text()).toBe(200);

  // The clinic approves the receipt: the appointment is confirmed.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await visitedBefore(admin, adminContext, baseURL!);
  await login(admin, 'admin', DEMO.admin);
  const receipts = (await (await admin.request.get('/api/admin/receipts?limit=100')).json()) as { items: { id: string; nombre: string; proposito: string; estado: string }[] };
  const mine = receipts.items.find((r) => r.nombre === nombre && r.proposito === 'cita' && r.estado === 'pendiente');
  expect(mine, 'the receipt to approve').toBeDefined();
  const approved = await admin.request.post('/api/admin/receipts/approve', { data: { id: mine!.id } });
  expect(approved.status(), await approved.text()).toBe(200);
  await adminContext.close();

  const reminder = await waitForMail(patient.email, 'Recordatorio de su cita');
  expect(reminder.text).not.toContain('Control');
  const link = linkIn(reminder, '/confirmar-asistencia#token=');

  // On a phone, not signed in.
  const phone = await browser.newContext({ viewport: { width: 360, height: 800 }, hasTouch: true, isMobile: true });
  const tap = await phone.newPage();
  await visitedBefore(tap, phone, baseURL!);
  await tap.goto(link);
  await expect(tap.getByRole('heading', { name: 'Confirmar asistencia a su cita' })).toBeVisible();
  await expect(tap.getByText(doctor.nombre, { exact: false })).toBeVisible();
  if (SHOTS) await tap.screenshot({ path: `${SHOTS}/attendance-360.png`, fullPage: true });
  await tap.getByRole('button', { name: 'Confirmar asistencia' }).tap();
  await expect(tap.getByRole('status')).toHaveText(messages.attendanceConfirmed);
  if (SHOTS) await tap.screenshot({ path: `${SHOTS}/attendance-done-360.png`, fullPage: true });
  // Opened again: already answered, no button.
  await tap.reload();
  await expect(tap.getByRole('status')).toContainText('Asistencia confirmada por el paciente el');
  await expect(tap.getByRole('button', { name: 'Confirmar asistencia' })).toHaveCount(0);
  await phone.close();

  // The doctor's list says so.
  const docContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const doc = await docContext.newPage();
  await visitedBefore(doc, docContext, baseURL!);
  await login(doc, 'doctor', doctor);
  await doc.goto('/Citas_Admin_Doctor');
  const row = doc.getByRole('row').filter({ hasText: nombre }).filter({ hasText: 'Asistencia confirmada por el paciente el' });
  await expect(row).toHaveCount(1);
  if (SHOTS) await doc.screenshot({ path: `${SHOTS}/attendance-doctor-1366.png`, fullPage: true });
  await docContext.close();
});
