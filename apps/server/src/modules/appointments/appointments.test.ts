import { sql } from 'drizzle-orm';
import { sealText } from '../../db/field-crypto.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE, messages } from '@clinica/shared';
import { expectPagingRefusals } from '../../../test/staff-list.js';
import {
  DAYS,
  adminJar,
  bookByReceipt,
  call,
  count,
  doctorAccount,
  hours,
  mailsTo,
  openAppointmentsClinic,
  patientJar,
  rowsOf,
  paypalCapture,
  paypalOrder,
  type AppointmentsClinic,
} from './appointments.test-support.js';

// In-person appointments through the real app (docs/spec/decisions.md, "In-person appointments"). The
// clock: Saturday 2026-11-21, 10:00 in Panama.

let c: AppointmentsClinic;
beforeAll(async () => {
  c = await openAppointmentsClinic();
});
afterAll(async () => {
  await c?.close();
});

const FULL_WEEKDAY = ['08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00', '19:00', '20:00', '21:00'];
type Row = { token: string; nombre: string; fecha: string; hora: string; estado: string; cancelable: boolean };
type Page = { items: Row[]; next_cursor: string | null };
/** An empty list: no rows and no next page. */
const EMPTY = { items: [], next_cursor: null };

describe('availability', () => {
  it('weekday and weekend hours, today without its past hours, a blocked date without any', async () => {
    const doctor = await doctorAccount(c.t);
    const { jar } = await patientJar(c.t);
    expect(await hours(c.t, jar, doctor.id, DAYS.wednesday)).toEqual(FULL_WEEKDAY);
    expect(await hours(c.t, jar, doctor.id, DAYS.saturday)).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
    // Today is Saturday, 10:00: the 9:00 and 10:00 slots have started.
    expect(await hours(c.t, jar, doctor.id, DAYS.today)).toEqual(['11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
    expect(await hours(c.t, jar, doctor.id, DAYS.yesterday)).toEqual([]);

    const blocked = await call(c.t, doctor.jar, 'POST', '/api/doctor/blocked-dates', { date: DAYS.thursday });
    expect(blocked.json()).toMatchObject({ bloqueada: true, message: messages.dateBlockedOk });
    expect(await hours(c.t, jar, doctor.id, DAYS.thursday)).toEqual([]);
    const dates = await call(c.t, jar, 'GET', `/api/appointments/blocked-dates?id=${doctor.id}`);
    expect(dates.json()).toEqual([DAYS.thursday]);

    const invalid = await call(c.t, jar, 'GET', `/api/appointments/hours?id=${doctor.id}&fecha=2025-02-30`);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(messages.invalidDate);
    // Signed out: nothing.
    expect((await call(c.t, null, 'GET', `/api/appointments/hours?id=${doctor.id}&fecha=${DAYS.wednesday}`)).statusCode).toBe(401);
  });

  it('an hour held by an appointment leaves the list, and comes back when it is cancelled', async () => {
    const doctor = await doctorAccount(c.t);
    const { jar } = await patientJar(c.t);
    const booked = await bookByReceipt(c.t, jar, { id_doctor: doctor.id, fecha: DAYS.wednesday, hora: '10:00' });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(await hours(c.t, jar, doctor.id, DAYS.wednesday)).not.toContain('10:00');
    // Another doctor's hours are their own.
    const other = await doctorAccount(c.t);
    expect(await hours(c.t, jar, other.id, DAYS.wednesday)).toContain('10:00');
    const cancel = await call(c.t, jar, 'POST', `/api/appointments/${booked.json().token}/cancel`);
    expect(cancel.json()).toMatchObject({ success: true, message: messages.appointmentCancelled });
    expect(await hours(c.t, jar, doctor.id, DAYS.wednesday)).toEqual(FULL_WEEKDAY);
  });
});

describe('booking', () => {
  it('transfer: the appointment waits for review; the patient, the doctor and the clinic are told', async () => {
    const doctor = await doctorAccount(c.t);
    const patient = await patientJar(c.t, { nombre: 'Rosa' });
    const res = await bookByReceipt(c.t, patient.jar, { id_doctor: doctor.id, fecha: DAYS.monday, hora: '08:00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: messages.receiptSent, estado: 'pendiente' });

    const list = (await call(c.t, patient.jar, 'GET', '/api/appointments')).json<Page>().items;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ fecha: DAYS.monday, hora: '08:00', estado: 'pendiente', cancelable: true });
    const detail = await call(c.t, patient.jar, 'GET', `/api/appointments/${list[0]!.token}`);
    expect(detail.json()).toMatchObject({
      nombre: 'Rosa',
      correo: patient.correo,
      telefono: '+507 6123-4567',
      mensaje: 'Control de presión arterial',
      servicio: 'consulta_general',
      pago: { metodo_de_pago: 'Transferencia', monto: 10, estado: 'pendiente' },
    });
    expect((await mailsTo(c.t, patient.correo)).map((m) => m.kind)).toContain('appointmentRequested');
    expect((await mailsTo(c.t, doctor.correo)).map((m) => m.kind)).toEqual(['staffNewAppointment']);
  });

  it('an amount other than the price, or a doctor of another service, is refused and nothing is written', async () => {
    const doctor = await doctorAccount(c.t, 'psicologia');
    const { jar } = await patientJar(c.t);
    const before = [await count(c.t, 'appointments'), await count(c.t, 'payments'), await count(c.t, 'receipt_files')];
    const cheap = await bookByReceipt(c.t, jar, { id_doctor: doctor.id, fecha: DAYS.monday, hora: '09:00', servicio: 'psicologia' }, { monto: '10' });
    expect(cheap.statusCode).toBe(400);
    expect(cheap.json().message).toBe(messages.amountMismatch);
    const wrongService = await bookByReceipt(c.t, jar, { id_doctor: doctor.id, fecha: DAYS.monday, hora: '09:00' });
    expect(wrongService.json().message).toBe(messages.doctorNotInService);
    const noFile = await bookByReceipt(c.t, jar, { id_doctor: doctor.id, fecha: DAYS.monday, hora: '09:00', servicio: 'psicologia' }, {}, null);
    expect(noFile.json().message).toBe(messages.missingFieldsWithReceipt);
    const noReason = await bookByReceipt(c.t, jar, { id_doctor: doctor.id, fecha: DAYS.monday, hora: '09:00', servicio: 'psicologia' }, { mensaje: '  ' });
    expect(noReason.json().message).toBe(messages.missingFieldsWithReceipt);
    const noReasonPaypal = await paypalOrder(c.t, jar, { id_doctor: doctor.id, fecha: DAYS.monday, hora: '09:00', servicio: 'psicologia' }, { mensaje: '' });
    expect(noReasonPaypal.json().message).toBe(messages.missingFields);
    expect([await count(c.t, 'appointments'), await count(c.t, 'payments'), await count(c.t, 'receipt_files')]).toEqual(before);
  });

  it.each([
    ['a date that does not exist', { fecha: '2025-02-30', hora: '10:00' }, messages.invalidDate],
    ['a past date', { fecha: DAYS.yesterday, hora: '10:00' }, messages.appointmentPastDate],
    ['an hour of today already past', { fecha: DAYS.today, hora: '09:00' }, messages.appointmentPastHour],
    ['the slot of today that has started', { fecha: DAYS.today, hora: '10:00' }, messages.appointmentPastHour],
    ['22:00 on a weekday', { fecha: DAYS.wednesday, hora: '22:00' }, messages.appointmentOutsideHours],
    ['7:00 on a weekday', { fecha: DAYS.wednesday, hora: '07:00' }, messages.appointmentOutsideHours],
    ['17:00 on a Saturday', { fecha: DAYS.saturday, hora: '17:00' }, messages.appointmentOutsideHours],
    ['half past the hour', { fecha: DAYS.wednesday, hora: '10:30' }, messages.appointmentOutsideHours],
    ['an hour that is not one', { fecha: DAYS.wednesday, hora: '25:00' }, messages.invalidTime],
    ['a date beyond the booking window', { fecha: '2027-06-01', hora: '10:00' }, messages.appointmentTooFar],
  ])('%s: a clear Spanish message and nothing written (transfer and PayPal)', async (_name, slot, message) => {
    const doctor = await doctorAccount(c.t);
    const { jar } = await patientJar(c.t);
    const before = [await count(c.t, 'appointments'), await count(c.t, 'payments'), await count(c.t, 'receipt_files')];
    const orders = c.paypal.state.orders.size;
    const transfer = await bookByReceipt(c.t, jar, { id_doctor: doctor.id, ...slot });
    expect(transfer.statusCode).toBe(400);
    expect(transfer.json().message).toBe(message);
    const paypal = await paypalOrder(c.t, jar, { id_doctor: doctor.id, ...slot });
    expect(paypal.statusCode).toBe(400);
    expect(paypal.json().message).toBe(message);
    expect([await count(c.t, 'appointments'), await count(c.t, 'payments'), await count(c.t, 'receipt_files')]).toEqual(before);
    expect(c.paypal.state.orders.size).toBe(orders);
  });

  it('a blocked date: a clear Spanish message and nothing written', async () => {
    const doctor = await doctorAccount(c.t);
    const { jar } = await patientJar(c.t);
    await call(c.t, doctor.jar, 'POST', '/api/doctor/blocked-dates', { date: DAYS.wednesday });
    const before = [await count(c.t, 'appointments'), await count(c.t, 'payments'), await count(c.t, 'receipt_files')];
    const res = await bookByReceipt(c.t, jar, { id_doctor: doctor.id, fecha: DAYS.wednesday, hora: '10:00' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.appointmentDateBlocked);
    expect((await paypalOrder(c.t, jar, { id_doctor: doctor.id, fecha: DAYS.wednesday, hora: '10:00' })).json().message).toBe(
      messages.appointmentDateBlocked,
    );
    expect([await count(c.t, 'appointments'), await count(c.t, 'payments'), await count(c.t, 'receipt_files')]).toEqual(before);
  });

  it('50 simultaneous transfer requests for one slot: exactly one appointment, the others told the hour is taken', async () => {
    const doctor = await doctorAccount(c.t);
    const patients = await Promise.all(Array.from({ length: 50 }, () => patientJar(c.t)));
    const before = [await count(c.t, 'payments'), await count(c.t, 'receipt_files')];
    const slot = { id_doctor: doctor.id, fecha: DAYS.thursday, hora: '15:00' };
    const answers = await Promise.all(patients.map((p) => bookByReceipt(c.t, p.jar, slot)));
    const won = answers.filter((a) => a.statusCode === 200);
    const lost = answers.filter((a) => a.statusCode !== 200);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(49);
    for (const a of lost) {
      expect(a.statusCode).toBe(409);
      expect(a.json().message).toBe(messages.appointmentSlotTaken);
    }
    const [row] = rowsOf<{ n: number }>(
      await c.t.app.db.execute(sql`select count(*)::int as n from appointments where doctor_id = ${doctor.id} and fecha = ${slot.fecha} and hora = '15:00'`),
    );
    expect(row!.n).toBe(1);
    // Only the winner's payment and receipt were kept.
    expect([await count(c.t, 'payments'), await count(c.t, 'receipt_files')]).toEqual([before[0]! + 1, before[1]! + 1]);
  });

  it('50 simultaneous PayPal checkouts of one slot: exactly one holds it, no other order is created', async () => {
    const doctor = await doctorAccount(c.t);
    const patients = await Promise.all(Array.from({ length: 50 }, () => patientJar(c.t)));
    const orders = c.paypal.state.orders.size;
    const slot = { id_doctor: doctor.id, fecha: DAYS.thursday, hora: '16:00' };
    const answers = await Promise.all(patients.map((p) => paypalOrder(c.t, p.jar, slot)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expect(a.json().message).toBe(messages.appointmentSlotTaken);
    expect(c.paypal.state.orders.size).toBe(orders + 1);
  });
});

describe('PayPal', () => {
  it('holds the slot during the checkout, captures once, and confirms the appointment', async () => {
    const doctor = await doctorAccount(c.t, 'psicologia');
    const patient = await patientJar(c.t);
    const slot = { id_doctor: doctor.id, fecha: DAYS.monday, hora: '11:00', servicio: 'psicologia' };
    const order = await paypalOrder(c.t, patient.jar, slot);
    expect(order.statusCode, order.body).toBe(200);
    const orderID = order.json<{ id: string }>().id;
    expect(c.paypal.state.orders.get(orderID)?.amount).toEqual({ currency_code: 'USD', value: '40.00' });

    // Held: nobody else can take it, and it is not in the free hours.
    const other = await patientJar(c.t);
    expect(await hours(c.t, other.jar, doctor.id, DAYS.monday)).not.toContain('11:00');
    expect((await bookByReceipt(c.t, other.jar, slot, { monto: '40' })).json().message).toBe(messages.appointmentSlotTaken);
    // The patient's own list does not show a checkout in progress.
    expect((await call(c.t, patient.jar, 'GET', '/api/appointments')).json()).toEqual(EMPTY);

    // Another patient cannot capture this order; a different hour cannot ride on it.
    await c.paypal.approve(orderID);
    expect((await paypalCapture(c.t, other.jar, slot, orderID)).statusCode).toBe(400);
    expect((await paypalCapture(c.t, patient.jar, { ...slot, hora: '12:00' }, orderID)).json().message).toBe(messages.paypalPaymentFailed);

    const captured = await paypalCapture(c.t, patient.jar, slot, orderID);
    expect(captured.statusCode, captured.body).toBe(200);
    expect(captured.json()).toMatchObject({ success: true, message: messages.appointmentSent, estado: 'confirmada' });
    const replay = await paypalCapture(c.t, patient.jar, slot, orderID);
    expect(replay.statusCode).toBe(409);
    expect(replay.json().message).toBe(messages.paypalAlreadyUsed);

    const list = (await call(c.t, patient.jar, 'GET', '/api/appointments')).json<Page>().items;
    expect(list).toEqual([expect.objectContaining({ hora: '11:00', estado: 'confirmada' })]);
    expect((await mailsTo(c.t, patient.correo)).map((m) => m.kind)).toEqual(expect.arrayContaining(['appointmentConfirmed']));
  });

  it('a checkout left unpaid frees the slot after its hold; then its capture is refused before any charge', async () => {
    const doctor = await doctorAccount(c.t);
    const slow = await patientJar(c.t);
    const slot = { id_doctor: doctor.id, fecha: DAYS.monday, hora: '13:00' };
    const orderID = (await paypalOrder(c.t, slow.jar, slot)).json<{ id: string }>().id;
    await c.paypal.approve(orderID);
    c.t.clock.advance(16 * 60_000);
    const fast = await patientJar(c.t);
    expect(await hours(c.t, fast.jar, doctor.id, DAYS.monday)).toContain('13:00');
    expect((await bookByReceipt(c.t, fast.jar, slot)).statusCode).toBe(200);
    const captures = c.paypal.state.capturesPerformed;
    const late = await paypalCapture(c.t, slow.jar, slot, orderID);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(messages.appointmentHoldLost);
    expect(c.paypal.state.capturesPerformed).toBe(captures);
  });

  it('a lapsed hold nobody took is taken back at the capture', async () => {
    const doctor = await doctorAccount(c.t);
    const patient = await patientJar(c.t);
    const slot = { id_doctor: doctor.id, fecha: DAYS.monday, hora: '14:00' };
    const orderID = (await paypalOrder(c.t, patient.jar, slot)).json<{ id: string }>().id;
    await c.paypal.approve(orderID);
    c.t.clock.advance(20 * 60_000);
    const res = await paypalCapture(c.t, patient.jar, slot, orderID);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().estado).toBe('confirmada');
  });
});

describe('who sees what', () => {
  it('a patient cannot see, cancel or download another patient’s appointment', async () => {
    const doctor = await doctorAccount(c.t);
    const owner = await patientJar(c.t);
    const stranger = await patientJar(c.t);
    const token = (await bookByReceipt(c.t, owner.jar, { id_doctor: doctor.id, fecha: DAYS.wednesday, hora: '12:00' })).json<{ token: string }>().token;
    for (const [method, url] of [
      ['GET', `/api/appointments/${token}`],
      ['POST', `/api/appointments/${token}/cancel`],
      ['GET', `/api/appointments/${token}/calendar.ics`],
    ] as const) {
      const res = await call(c.t, stranger.jar, method, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain(owner.correo);
    }
    expect((await call(c.t, stranger.jar, 'GET', '/api/appointments')).json()).toEqual(EMPTY);
    expect((await call(c.t, owner.jar, 'GET', `/api/appointments/${token}`)).json().estado).toBe('pendiente');
    // Staff routes are not the patient's.
    expect((await call(c.t, owner.jar, 'GET', '/api/admin/appointments')).statusCode).toBe(401);
  });

  it('a doctor sees and finds only their own appointments; the administrator sees all', async () => {
    const mine = await doctorAccount(c.t);
    const theirs = await doctorAccount(c.t);
    const patient = await patientJar(c.t, { nombre: 'Ángela' });
    const a = (await bookByReceipt(c.t, patient.jar, { id_doctor: mine.id, fecha: DAYS.wednesday, hora: '17:00' })).json<{ token: string }>().token;
    const b = (await bookByReceipt(c.t, patient.jar, { id_doctor: theirs.id, fecha: DAYS.wednesday, hora: '18:00' })).json<{ token: string }>().token;

    const own = (await call(c.t, mine.jar, 'GET', '/api/doctor/appointments')).json<Page>().items;
    expect(own.map((r) => r.token)).toEqual([a]);
    const refused = await call(c.t, mine.jar, 'GET', `/api/doctor/appointments/${b}`);
    expect(refused.statusCode).toBe(404);
    // The phone the staff screens link to WhatsApp (decision 0060) reaches only the appointment's own doctor.
    expect(refused.body).not.toContain('6123-4567');
    const detail = (await call(c.t, mine.jar, 'GET', `/api/doctor/appointments/${a}`)).json();
    expect(detail).toMatchObject({ nombre: 'Ángela', apellido: 'González', correo: patient.correo, telefono: '+507 6123-4567', hora: '17:00', mensaje: 'Control de presión arterial', pago: null });
    // First-name search without regard to case or accents (the start of the name), still only their own.
    for (const input of ['angela', 'ÁNGEL', 'ang']) {
      const found = (await call(c.t, mine.jar, 'POST', '/api/doctor/appointments/search', { input })).json<Page>().items;
      expect(found.map((r) => r.token), input).toEqual([a]);
    }
    expect((await call(c.t, mine.jar, 'POST', '/api/doctor/appointments/search', { input: 'Rosalinda' })).json()).toEqual(EMPTY);
    expect((await call(c.t, mine.jar, 'POST', '/api/doctor/appointments/search', { input: '%' })).json()).toEqual(EMPTY);

    const admin = await adminJar(c.t);
    const all = (await call(c.t, admin, 'POST', '/api/admin/appointments/search', { input: 'ángela' })).json<Page>().items;
    expect(all.map((r) => r.token).sort()).toEqual([a, b].sort());
    expect((await call(c.t, admin, 'GET', `/api/admin/appointments/${b}`)).json()).toMatchObject({ nombre: 'Ángela', pago: { estado: 'pendiente' } });
  });
});

describe('cancellation and payment decisions', () => {
  it('the patient cancels more than 24 hours ahead only', async () => {
    const doctor = await doctorAccount(c.t);
    const { jar } = await patientJar(c.t);
    // Sunday 9:00 is 23 hours after Saturday 10:00.
    const soon = (await bookByReceipt(c.t, jar, { id_doctor: doctor.id, fecha: '2026-11-22', hora: '09:00' })).json<{ token: string }>().token;
    const rows = (await call(c.t, jar, 'GET', '/api/appointments')).json<Page>().items;
    expect(rows.find((r) => r.token === soon)?.cancelable).toBe(false);
    const refused = await call(c.t, jar, 'POST', `/api/appointments/${soon}/cancel`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(messages.appointmentCancelTooLate);
    expect(await hours(c.t, jar, doctor.id, '2026-11-22')).not.toContain('09:00');
    const again = await call(c.t, jar, 'POST', `/api/appointments/${soon}/cancel`);
    expect(again.statusCode).toBe(400);
  });

  it('an administrator cancels: the slot is free again and the patient is told with the reason', async () => {
    const doctor = await doctorAccount(c.t);
    const patient = await patientJar(c.t);
    const token = (await bookByReceipt(c.t, patient.jar, { id_doctor: doctor.id, fecha: DAYS.thursday, hora: '09:00' })).json<{ token: string }>().token;
    const admin = await adminJar(c.t);
    const noReason = await call(c.t, admin, 'POST', `/api/admin/appointments/${token}/cancel`, { motivo: ' ' });
    expect(noReason.json().message).toBe(messages.cancelReasonRequired);
    const res = await call(c.t, admin, 'POST', `/api/admin/appointments/${token}/cancel`, { motivo: 'Transferencia no recibida' });
    expect(res.json()).toMatchObject({ success: true, message: messages.appointmentCancelled });
    expect(await hours(c.t, patient.jar, doctor.id, DAYS.thursday)).toContain('09:00');
    expect((await mailsTo(c.t, patient.correo)).map((m) => m.kind)).toContain('appointmentCancelled');
    const detail = (await call(c.t, patient.jar, 'GET', `/api/appointments/${token}`)).json();
    expect(detail).toMatchObject({ estado: 'cancelada', cancelada_por: 'administrador', motivo_cancelacion: 'Transferencia no recibida' });
    expect((await call(c.t, admin, 'POST', `/api/admin/appointments/${token}/cancel`, { motivo: 'otra vez' })).statusCode).toBe(409);
    expect((await call(c.t, patient.jar, 'GET', `/api/appointments/${token}/calendar.ics`)).statusCode).toBe(409);
  });

  it('approving the receipt confirms the appointment; rejecting it frees the slot', async () => {
    const doctor = await doctorAccount(c.t);
    const patient = await patientJar(c.t);
    const first = (await bookByReceipt(c.t, patient.jar, { id_doctor: doctor.id, fecha: DAYS.thursday, hora: '10:00' })).json<{ token: string }>().token;
    const second = (await bookByReceipt(c.t, patient.jar, { id_doctor: doctor.id, fecha: DAYS.thursday, hora: '11:00' })).json<{ token: string }>().token;
    const paymentOf = async (token: string) =>
      rowsOf<{ payment_id: string }>(await c.t.app.db.execute(sql`select payment_id from appointments where token = ${token}`))[0]!;

    const admin = await adminJar(c.t);
    const approve = await call(c.t, admin, 'POST', '/api/admin/receipts/approve', { id: (await paymentOf(first)).payment_id });
    expect(approve.statusCode, approve.body).toBe(200);
    expect((await call(c.t, patient.jar, 'GET', `/api/appointments/${first}`)).json()).toMatchObject({ estado: 'confirmada', pago: { estado: 'aprobado' } });
    expect((await mailsTo(c.t, patient.correo)).map((m) => m.kind)).toContain('appointmentConfirmed');

    const reject = await call(c.t, admin, 'POST', '/api/admin/receipts/reject', { id: (await paymentOf(second)).payment_id, motivo: 'Monto incompleto' });
    expect(reject.statusCode, reject.body).toBe(200);
    expect((await call(c.t, patient.jar, 'GET', `/api/appointments/${second}`)).json()).toMatchObject({
      estado: 'cancelada',
      cancelada_por: 'pago_rechazado',
      motivo_cancelacion: 'Monto incompleto',
    });
    expect(await hours(c.t, patient.jar, doctor.id, DAYS.thursday)).toContain('11:00');
    expect(await hours(c.t, patient.jar, doctor.id, DAYS.thursday)).not.toContain('10:00');
  });

  it('the .ics file carries the slot in UTC', async () => {
    const doctor = await doctorAccount(c.t);
    const { jar } = await patientJar(c.t);
    const token = (await bookByReceipt(c.t, jar, { id_doctor: doctor.id, fecha: DAYS.wednesday, hora: '10:00' })).json<{ token: string }>().token;
    const ics = await call(c.t, jar, 'GET', `/api/appointments/${token}/calendar.ics`);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.headers['content-disposition']).toContain('attachment');
    expect(ics.body).toContain('DTSTART:20261125T150000Z');
    expect(ics.body).toContain('DTEND:20261125T160000Z');
    // Where to go: the clinic's configured street address, not only its name (issue 23).
    expect(ics.body.replace(/\r\n /g, '')).toContain('LOCATION:Clínica Virtual Panamá\\, Calle 50 y Calle 53 Este\\, Obarrio\\, Ciudad de Panamá');
  });
});

describe('unavailable dates', () => {
  it('a date holding appointments is blocked only after the warning that lists them', async () => {
    const doctor = await doctorAccount(c.t);
    const patient = await patientJar(c.t, { nombre: 'Pedro' });
    await bookByReceipt(c.t, patient.jar, { id_doctor: doctor.id, fecha: DAYS.saturday, hora: '09:00' });
    const blocked = await count(c.t, 'blocked');

    const warn = await call(c.t, doctor.jar, 'POST', '/api/doctor/blocked-dates', { date: DAYS.saturday });
    expect(warn.json()).toEqual({
      success: true,
      bloqueada: false,
      message: messages.blockDateHasAppointments,
      citas: [{ numero: expect.any(Number), fecha: DAYS.saturday, hora: '09:00', nombre: 'Pedro', apellido: 'González', estado: 'pendiente' }],
    });
    expect(await count(c.t, 'blocked')).toBe(blocked);

    const confirmed = await call(c.t, doctor.jar, 'POST', '/api/doctor/blocked-dates', { date: DAYS.saturday, confirmar: true });
    expect(confirmed.json()).toMatchObject({ bloqueada: true, message: messages.dateBlockedOk });
    expect((await call(c.t, doctor.jar, 'GET', '/api/doctor/blocked-dates')).json()).toEqual([{ fecha: DAYS.saturday, desde: null, hasta: null, citas: 1 }]);
    // The held appointment stays; no new one that day.
    expect((await call(c.t, patient.jar, 'GET', '/api/appointments')).json<Page>().items[0]?.estado).toBe('pendiente');
    expect(await hours(c.t, patient.jar, doctor.id, DAYS.saturday)).toEqual([]);

    const unblock = await c.t.app.inject({ method: 'DELETE', url: `/api/doctor/blocked-dates/${DAYS.saturday}`, headers: { cookie: doctor.jar.header } });
    expect(unblock.json()).toMatchObject({ success: true, message: messages.dateUnblockedOk });
    expect(await hours(c.t, patient.jar, doctor.id, DAYS.saturday)).toHaveLength(7);
  });

  it('a past or impossible date cannot be blocked; only doctors block', async () => {
    const doctor = await doctorAccount(c.t);
    const past = await call(c.t, doctor.jar, 'POST', '/api/doctor/blocked-dates', { date: DAYS.yesterday });
    expect(past.json().message).toBe(messages.blockDatePast);
    const invalid = await call(c.t, doctor.jar, 'POST', '/api/doctor/blocked-dates', { date: '2026-02-30' });
    expect(invalid.json().message).toBe(messages.invalidDate);
    const empty = await call(c.t, doctor.jar, 'POST', '/api/doctor/blocked-dates', { date: '' });
    expect(empty.json().message).toBe(messages.missingFields);
    const { jar } = await patientJar(c.t);
    expect((await call(c.t, jar, 'POST', '/api/doctor/blocked-dates', { date: DAYS.monday })).statusCode).toBe(401);
    expect((await call(c.t, doctor.jar, 'GET', '/api/doctor/blocked-dates')).json()).toEqual([]);
  });
});

describe('paged lists (docs/decisions/0022)', () => {
  type Seeded = { token: string; id: string; patient_id: string; doctor_id: string; inicio: string };

  /** Every page of a list, following next_cursor: the rows in order and how many pages it took. */
  async function allPages(jar: Parameters<typeof call>[1], method: 'GET' | 'POST', path: string, limit: number, body?: object, between?: () => void) {
    const rows: Row[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `${path}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await call(c.t, jar, method, url, body);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<Page>();
      expect(page.items.length).toBeLessThanOrEqual(limit);
      if (page.next_cursor) expect(page.items).toHaveLength(limit);
      rows.push(...page.items);
      cursor = page.next_cursor;
      pages += 1;
      between?.();
    } while (cursor && pages < 1000);
    return { rows, pages };
  }

  /** The order of today's lists: upcoming soonest first, then past latest first; the id breaks ties. */
  const expectedOrder = (rows: Seeded[], now: number) => {
    const at = (r: Seeded) => Date.parse(r.inicio);
    const upcoming = rows.filter((r) => at(r) >= now).sort((a, b) => at(a) - at(b) || (a.id < b.id ? -1 : 1));
    const past = rows.filter((r) => at(r) < now).sort((a, b) => at(b) - at(a) || (a.id < b.id ? 1 : -1));
    return [...upcoming, ...past].map((r) => r.token);
  };

  const listed = async (where = sql`true`) =>
    rowsOf<Seeded>(
      await c.t.app.db.execute(sql`
        select token, id::text as id, patient_id::text as patient_id, doctor_id::text as doctor_id,
               to_char(inicio at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as inicio
        from appointments where estado <> 'reservada' and ${where}`),
    );

  let ana: Awaited<ReturnType<typeof doctorAccount>>;
  let beto: Awaited<ReturnType<typeof doctorAccount>>;
  let paula: Awaited<ReturnType<typeof patientJar>> & { id: string };
  let quique: Awaited<ReturnType<typeof patientJar>> & { id: string };

  beforeAll(async () => {
    ana = await doctorAccount(c.t, 'consulta_general', 'Ana');
    beto = await doctorAccount(c.t, 'consulta_general', 'Beto');
    const idOf = async (correo: string) => rowsOf<{ id: string }>(await c.t.app.db.execute(sql`select id::text as id from patients where correo = ${correo}`))[0]!.id;
    const p = await patientJar(c.t, { nombre: 'Paulina' });
    const q = await patientJar(c.t, { nombre: 'Quique' });
    paula = { ...p, id: await idOf(p.correo) };
    quique = { ...q, id: await idOf(q.correo) };
    // Two booked the ordinary way (active, paid by transfer)...
    expect((await bookByReceipt(c.t, paula.jar, { id_doctor: ana.id, fecha: DAYS.thursday, hora: '08:00' })).statusCode).toBe(200);
    expect((await bookByReceipt(c.t, quique.jar, { id_doctor: beto.id, fecha: DAYS.thursday, hora: '08:00' })).statusCode).toBe(200);
    // ...and a year's worth written directly: 120 appointments, 80 past and 40 upcoming, two at each
    // instant (one per doctor: ties broken by the id), the first upcoming one starting right now.
    // Past appointments cannot be booked through the API; cancelled rows need no payment.
    const now = new Date(c.t.clock.now()).toISOString();
    await c.t.app.db.execute(sql`
      insert into appointments (token, patient_id, doctor_id, servicio, fecha, hora, inicio, mensaje, estado, reservada_hasta, cancelada_por, cancelada_at)
      select 'paging-' || i, case when i % 3 = 0 then ${quique.id}::uuid else ${paula.id}::uuid end,
             case when i % 2 = 0 then ${ana.id}::uuid else ${beto.id}::uuid end, 'consulta_general',
             ((${now}::timestamptz + (i / 2 - 40) * interval '3 days') at time zone 'America/Panama')::date,
             to_char((${now}::timestamptz + (i / 2 - 40) * interval '3 days') at time zone 'America/Panama', 'HH24') || ':00',
             ${now}::timestamptz + (i / 2 - 40) * interval '3 days', ${sealText('Control')}, 'cancelada',
             ${now}::timestamptz, 'paciente', ${now}::timestamptz
      from generate_series(0, 119) as i`);
  });

  it('an administrator reaches every appointment exactly once, in today’s order, 25 at a time', async () => {
    const all = await listed();
    expect(all.length).toBeGreaterThan(120);
    const admin = await adminJar(c.t);
    const { rows, pages } = await allPages(admin, 'GET', '/api/admin/appointments', 25);
    expect(pages).toBe(Math.ceil(all.length / 25));
    expect(new Set(rows.map((r) => r.token)).size).toBe(rows.length);
    expect(rows.map((r) => r.token)).toEqual(expectedOrder(all, c.t.clock.now()));

    // Without paging values: the first PAGE_SIZE rows and a cursor.
    const first = (await call(c.t, admin, 'GET', '/api/admin/appointments')).json<Page>();
    expect(first.items.map((r) => r.token)).toEqual(rows.slice(0, 20).map((r) => r.token));
    expect(first.next_cursor).toEqual(expect.any(String));
    // The search pages too.
    const found = await allPages(admin, 'POST', '/api/admin/appointments/search', 9, { input: 'quique' });
    expect(found.rows.map((r) => r.token).sort()).toEqual((await listed(sql`patient_id = ${quique.id}::uuid`)).map((r) => r.token).sort());
    expect(found.pages).toBeGreaterThan(1);
  });

  it('a doctor pages only through their own, the search too', async () => {
    const mine = await listed(sql`doctor_id = ${ana.id}::uuid`);
    expect(mine.length).toBe(61);
    const { rows, pages } = await allPages(ana.jar, 'GET', '/api/doctor/appointments', 10);
    expect(pages).toBe(7);
    expect(rows.map((r) => r.token)).toEqual(expectedOrder(mine, c.t.clock.now()));

    const paulas = mine.filter((r) => r.patient_id === paula.id);
    const found = await allPages(ana.jar, 'POST', '/api/doctor/appointments/search', 7, { input: 'PAULI' });
    expect(found.rows.map((r) => r.token)).toEqual(expectedOrder(paulas, c.t.clock.now()));
    // Another doctor's cursor opens nothing of theirs: it only says where to continue.
    const betoPage = (await call(c.t, beto.jar, 'GET', '/api/doctor/appointments?limit=5')).json<Page>();
    const continued = (await call(c.t, ana.jar, 'GET', `/api/doctor/appointments?limit=100&cursor=${betoPage.next_cursor}`)).json<Page>();
    expect(continued.items.length).toBeGreaterThan(0);
    const anas = new Set(mine.map((r) => r.token));
    expect(continued.items.every((r) => anas.has(r.token))).toBe(true);
  });

  it('a patient pages only through their own', async () => {
    for (const who of [paula, quique]) {
      const own = await listed(sql`patient_id = ${who.id}::uuid`);
      const { rows, pages } = await allPages(who.jar, 'GET', '/api/appointments', 12);
      expect(pages).toBe(Math.ceil(own.length / 12));
      expect(rows.map((r) => r.token)).toEqual(expectedOrder(own, c.t.clock.now()));
    }
    // Quique's cursor given by Paulina: still only Paulina's rows.
    const q = (await call(c.t, quique.jar, 'GET', '/api/appointments?limit=3')).json<Page>();
    const p = (await call(c.t, paula.jar, 'GET', `/api/appointments?limit=100&cursor=${q.next_cursor}`)).json<Page>();
    const paulas = new Set((await listed(sql`patient_id = ${paula.id}::uuid`)).map((r) => r.token));
    expect(p.items.length).toBeGreaterThan(0);
    expect(p.items.every((r) => paulas.has(r.token))).toBe(true);
  });

  it('bad paging values: 400 with the catalogue’s Spanish message', async () => {
    const admin = await adminJar(c.t);
    const garbage = Buffer.from('2026-02-30T00:00:00.000Z|2026-11-21 15:00:00+00|00000000-0000-0000-0000-000000000000').toString('base64url');
    await expectPagingRefusals(
      (query) =>
        (
          [
            [admin, 'GET', '/api/admin/appointments', undefined],
            [admin, 'POST', '/api/admin/appointments/search', { input: 'Paulina' }],
            [ana.jar, 'GET', '/api/doctor/appointments', undefined],
            [ana.jar, 'POST', '/api/doctor/appointments/search', { input: 'Paulina' }],
            [paula.jar, 'GET', '/api/appointments', undefined],
          ] as const
        ).map(([jar, method, path, body]) => call(c.t, jar, method, `${path}${query}`, body)),
      [
        ['?cursor=abc', messages.pageCursorInvalid],
        [`?cursor=${garbage}`, messages.pageCursorInvalid],
      ],
    );
    expect(messages.pageSizeInvalid).toContain(String(MAX_PAGE_SIZE));
  });

  it('the clock moving between pages neither repeats nor skips a row', async () => {
    const all = await listed(sql`doctor_id = ${beto.id}::uuid`);
    const before = c.t.clock.now();
    // The first upcoming appointment starts now; a minute later it is past, but this reading keeps
    // the split of its first page.
    const { rows } = await allPages(beto.jar, 'GET', '/api/doctor/appointments', 4, undefined, () => c.t.clock.advance(60_000));
    expect(rows.map((r) => r.token)).toEqual(expectedOrder(all, before));
    // A new reading splits at the new time: that appointment is now the latest past one.
    const fresh = await allPages(beto.jar, 'GET', '/api/doctor/appointments', 50);
    expect(fresh.rows.map((r) => r.token)).toEqual(expectedOrder(all, c.t.clock.now()));
    expect(fresh.rows.map((r) => r.token)).not.toEqual(rows.map((r) => r.token));
  });
});
