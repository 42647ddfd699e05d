import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { CookieJar, type TestApp } from '../../../test/harness.js';
import {
  DAYS,
  adminJar,
  bookByReceipt,
  call,
  doctorAccount,
  hours,
  mailsTo,
  openAppointmentsClinic,
  patientJar,
  paypalCapture,
  paypalOrder,
  rowsOf,
  type AppointmentsClinic,
  type Slot,
} from './appointments.test-support.js';

// Reschedule, attended / no-show and the no-show policy (issue 24, items 2 and 4; decision 0049),
// through the real app. The clock: Saturday 2026-11-21, 10:00 in Panama; each describe opens its
// own clinic because the tests move the clock.

const HOUR = 60 * 60_000;

type Row = { token: string; fecha: string; hora: string; estado: string; secuencia: number; asistencia: string | null; reprogramable: boolean };

/** Signs the patient in again (a moved clock ends the earlier session). */
async function login(t: TestApp, correo: string) {
  const jar = new CookieJar();
  jar.store(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: correo, password: 'secreto-seguro-1' } }));
  return jar;
}

async function loginDoctor(t: TestApp, correo: string) {
  const jar = new CookieJar();
  jar.store(await t.app.inject({ method: 'POST', url: '/api/doctor/login', payload: { email: correo, password: 'secreto-seguro-1' } }));
  return jar;
}

/** A confirmed appointment paid with PayPal: its token. */
async function bookConfirmed(c: AppointmentsClinic, jar: CookieJar, slot: Slot) {
  const order = await paypalOrder(c.t, jar, slot);
  if (order.statusCode !== 200) throw new Error(order.body);
  const orderID = order.json<{ id: string }>().id;
  await c.paypal.approve(orderID);
  const captured = await paypalCapture(c.t, jar, slot, orderID);
  if (captured.statusCode !== 200) throw new Error(captured.body);
  return captured.json<{ token: string }>().token;
}

const myRows = async (t: TestApp, jar: CookieJar) => (await call(t, jar, 'GET', '/api/appointments')).json<{ items: Row[] }>().items;

describe('reschedule', () => {
  let c: AppointmentsClinic;
  beforeAll(async () => {
    c = await openAppointmentsClinic();
  });
  afterAll(async () => {
    await c?.close();
  });

  it('moves to another free hour keeping payment and state; the old hour frees; secuencia +1; patient, doctor and administrators are told', async () => {
    const doctor = await doctorAccount(c.t);
    // An administrator, to be told of the move.
    await adminJar(c.t);
    const patient = await patientJar(c.t);
    const token = await bookConfirmed(c, patient.jar, { id_doctor: doctor.id, fecha: DAYS.monday, hora: '10:00' });
    const [before] = rowsOf<{ payment_id: string }>(await c.t.app.db.execute(sql`select payment_id from appointments where token = ${token}`));
    expect((await myRows(c.t, patient.jar))[0]).toMatchObject({ reprogramable: true, secuencia: 0 });

    const moved = await call(c.t, patient.jar, 'POST', `/api/appointments/${token}/reschedule`, { fecha: DAYS.wednesday, hora: '15:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().message).toBe(messages.appointmentRescheduled);

    const [row] = await myRows(c.t, patient.jar);
    expect(row).toMatchObject({ fecha: DAYS.wednesday, hora: '15:00', estado: 'confirmada', secuencia: 1 });
    const [after] = rowsOf<{ payment_id: string; inicio: Date | string; reprogramada_at: unknown }>(
      await c.t.app.db.execute(sql`select payment_id, inicio, reprogramada_at from appointments where token = ${token}`),
    );
    expect(after!.payment_id).toBe(before!.payment_id);
    expect(new Date(after!.inicio).toISOString()).toBe('2026-11-25T20:00:00.000Z');
    expect(after!.reprogramada_at).not.toBeNull();
    // The old hour is free again, the new one taken.
    expect(await hours(c.t, patient.jar, doctor.id, DAYS.monday)).toContain('10:00');
    expect(await hours(c.t, patient.jar, doctor.id, DAYS.wednesday)).not.toContain('15:00');

    expect((await mailsTo(c.t, patient.correo)).map((m) => m.kind)).toContain('appointmentRescheduled');
    expect((await mailsTo(c.t, doctor.correo)).map((m) => m.kind)).toContain('staffAppointmentRescheduled');
    const [adminMail] = rowsOf<{ n: number }>(
      await c.t.app.db.execute(sql`select count(*)::int as n from mail_jobs where kind = 'staffAppointmentRescheduled' and recipient in (select correo from staff where role = 'admin')`),
    );
    expect(adminMail!.n).toBeGreaterThan(0);

    // The .ics keeps the UID and carries the higher SEQUENCE.
    const ics = await c.t.app.inject({ method: 'GET', url: `/api/appointments/${token}/calendar.ics`, headers: { cookie: patient.jar.header } });
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toMatch(/SEQUENCE:1\r\n/);
    expect(ics.body).toContain(`UID:cita-`);
  });

  it('refuses a taken hour, the same hour, another patient\'s appointment, an hour outside the doctor\'s hours, a cancelled appointment', async () => {
    const doctor = await doctorAccount(c.t);
    const patient = await patientJar(c.t);
    const other = await patientJar(c.t);
    const token = await bookConfirmed(c, patient.jar, { id_doctor: doctor.id, fecha: DAYS.monday, hora: '11:00' });
    await bookConfirmed(c, other.jar, { id_doctor: doctor.id, fecha: DAYS.monday, hora: '12:00' });

    const taken = await call(c.t, patient.jar, 'POST', `/api/appointments/${token}/reschedule`, { fecha: DAYS.monday, hora: '12:00' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(messages.appointmentSlotTaken);
    const same = await call(c.t, patient.jar, 'POST', `/api/appointments/${token}/reschedule`, { fecha: DAYS.monday, hora: '11:00' });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(messages.appointmentRescheduleSameSlot);
    const outside = await call(c.t, patient.jar, 'POST', `/api/appointments/${token}/reschedule`, { fecha: DAYS.saturday, hora: '20:00' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(messages.appointmentOutsideHours);
    const notTheirs = await call(c.t, other.jar, 'POST', `/api/appointments/${token}/reschedule`, { fecha: DAYS.monday, hora: '14:00' });
    expect(notTheirs.statusCode).toBe(404);
    const bad = await call(c.t, patient.jar, 'POST', `/api/appointments/${token}/reschedule`, { fecha: '2026-02-30', hora: '14:00' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(messages.invalidDate);
    // Nothing moved.
    expect((await myRows(c.t, patient.jar))[0]).toMatchObject({ fecha: DAYS.monday, hora: '11:00', secuencia: 0 });

    expect((await call(c.t, patient.jar, 'POST', `/api/appointments/${token}/cancel`)).statusCode).toBe(200);
    const cancelled = await call(c.t, patient.jar, 'POST', `/api/appointments/${token}/reschedule`, { fecha: DAYS.monday, hora: '14:00' });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe(messages.appointmentRescheduleCancelled);
  });

  it('50 concurrent moves and bookings of the same hours: never two on one slot, every mover keeps exactly one', async () => {
    const doctor = await doctorAccount(c.t);
    const movers = await Promise.all(Array.from({ length: 25 }, () => patientJar(c.t)));
    const bookers = await Promise.all(Array.from({ length: 25 }, () => patientJar(c.t)));
    // Each mover holds one hour on Wednesday (08:00..21:00) or Thursday; all race for the hours of Monday 08:00-10:00.
    const start = ['08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00', '19:00', '20:00'];
    const tokens = await Promise.all(
      movers.map((m, i) => bookConfirmed(c, m.jar, { id_doctor: doctor.id, fecha: i < 13 ? DAYS.wednesday : DAYS.thursday, hora: start[i % 13]! })),
    );
    const targets = ['08:00', '09:00', '10:00'];
    const answers = await Promise.all([
      ...movers.map((m, i) => call(c.t, m.jar, 'POST', `/api/appointments/${tokens[i]}/reschedule`, { fecha: DAYS.monday, hora: targets[i % 3]! })),
      ...bookers.map((b, i) => bookByReceipt(c.t, b.jar, { id_doctor: doctor.id, fecha: DAYS.monday, hora: targets[i % 3]! })),
    ]);
    for (const a of answers) expect([200, 409], a.body).toContain(a.statusCode);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);

    const slots = rowsOf<{ fecha: string; hora: string; n: number }>(
      await c.t.app.db.execute(
        sql`select fecha::text, hora, count(*)::int as n from appointments where doctor_id = ${doctor.id} and estado <> 'cancelada' group by 1, 2`,
      ),
    );
    for (const s of slots) expect(s.n, `${s.fecha} ${s.hora}`).toBe(1);
    for (const t of targets) expect(slots.filter((s) => s.fecha === DAYS.monday && s.hora === t)).toHaveLength(1);
    const perMover = rowsOf<{ n: number }>(
      await c.t.app.db.execute(
        sql`select count(*)::int as n from appointments a join patients p on p.id = a.patient_id
            where a.doctor_id = ${doctor.id} and a.estado <> 'cancelada' and a.token in ${sql.raw(`(${tokens.map((x) => `'${x}'`).join(',')})`)} group by a.patient_id`,
      ),
    );
    expect(perMover).toHaveLength(25);
    for (const p of perMover) expect(p.n).toBe(1);
  });
});

describe('the notice window (injected clock)', () => {
  let c: AppointmentsClinic;
  beforeAll(async () => {
    c = await openAppointmentsClinic();
  });
  afterAll(async () => {
    await c?.close();
  });

  it('the patient is refused inside the window; an administrator still moves it until it starts', async () => {
    const doctor = await doctorAccount(c.t);
    const patient = await patientJar(c.t);
    // Monday 10:00 is 48 h ahead.
    const token = await bookConfirmed(c, patient.jar, { id_doctor: doctor.id, fecha: DAYS.monday, hora: '10:00' });
    // 23 h before it: inside the 24 h window.
    c.t.clock.advance(25 * HOUR);
    const jar = await login(c.t, patient.correo);
    expect((await myRows(c.t, jar))[0]).toMatchObject({ reprogramable: false });
    const late = await call(c.t, jar, 'POST', `/api/appointments/${token}/reschedule`, { fecha: DAYS.wednesday, hora: '10:00' });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(messages.appointmentRescheduleTooLate);

    const admin = await adminJar(c.t);
    const byAdmin = await call(c.t, admin, 'POST', `/api/admin/appointments/${token}/reschedule`, { fecha: DAYS.wednesday, hora: '10:00' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await myRows(c.t, jar))[0]).toMatchObject({ fecha: DAYS.wednesday, hora: '10:00', secuencia: 1, reprogramable: true });

    // Once it started, not even an administrator moves it.
    c.t.clock.advance(72 * HOUR);
    const admin2 = await adminJar(c.t);
    const started = await call(c.t, admin2, 'POST', `/api/admin/appointments/${token}/reschedule`, { fecha: '2026-11-30', hora: '10:00' });
    expect(started.statusCode).toBe(400);
    expect(started.json().message).toBe(messages.appointmentRescheduleStarted);
  });
});

describe('attended / no-show and the prepay policy', () => {
  let c: AppointmentsClinic;
  beforeAll(async () => {
    c = await openAppointmentsClinic();
  });
  afterAll(async () => {
    await c?.close();
  });

  it('marked after the hour by its doctor or an administrator; refused before, by another doctor, on cancelled ones; two no-shows: transfer refused, PayPal still books', async () => {
    const doctor = await doctorAccount(c.t);
    const otherDoctor = await doctorAccount(c.t, 'consulta_general', 'Luis');
    const patient = await patientJar(c.t);
    const first = await bookConfirmed(c, patient.jar, { id_doctor: doctor.id, fecha: DAYS.monday, hora: '10:00' });
    const second = await bookConfirmed(c, patient.jar, { id_doctor: doctor.id, fecha: DAYS.monday, hora: '11:00' });
    const cancelled = await bookConfirmed(c, patient.jar, { id_doctor: doctor.id, fecha: DAYS.monday, hora: '12:00' });
    expect((await call(c.t, patient.jar, 'POST', `/api/appointments/${cancelled}/cancel`)).statusCode).toBe(200);
    expect((await call(c.t, patient.jar, 'GET', '/api/appointments/policy')).json()).toEqual({ solo_pago_inmediato: false, message: null });

    const early = await call(c.t, doctor.jar, 'POST', `/api/doctor/appointments/${first}/attendance`, { asistencia: 'no_asistio' });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(messages.appointmentAttendanceTooEarly);

    // Monday 11:30: both hours have started.
    c.t.clock.advance(49 * HOUR + 30 * 60_000);
    const doc = await loginDoctor(c.t, doctor.correo);
    const other = await loginDoctor(c.t, otherDoctor.correo);
    const admin = await adminJar(c.t);

    expect((await call(c.t, other, 'POST', `/api/doctor/appointments/${first}/attendance`, { asistencia: 'no_asistio' })).statusCode).toBe(404);
    const invalid = await call(c.t, doc, 'POST', `/api/doctor/appointments/${first}/attendance`, { asistencia: 'tal vez' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(messages.appointmentAttendanceInvalid);
    const onCancelled = await call(c.t, admin, 'POST', `/api/admin/appointments/${cancelled}/attendance`, { asistencia: 'no_asistio' });
    expect(onCancelled.statusCode).toBe(409);
    expect(onCancelled.json().message).toBe(messages.appointmentAttendanceCancelled);
    const [unmarked] = rowsOf<{ n: number }>(await c.t.app.db.execute(sql`select count(*)::int as n from appointments where asistencia is not null`));
    expect(unmarked!.n).toBe(0);

    const detailBefore = (await call(c.t, doc, 'GET', `/api/doctor/appointments/${first}`)).json();
    expect(detailBefore).toMatchObject({ asistencia_marcable: true, inasistencias: 0, asistencia: null });

    const marked = await call(c.t, doc, 'POST', `/api/doctor/appointments/${first}/attendance`, { asistencia: 'no_asistio' });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().message).toBe(messages.appointmentAttendanceMarked);
    expect((await call(c.t, admin, 'POST', `/api/admin/appointments/${second}/attendance`, { asistencia: 'no_asistio' })).statusCode).toBe(200);

    const detail = (await call(c.t, admin, 'GET', `/api/admin/appointments/${first}`)).json();
    expect(detail).toMatchObject({ asistencia: 'no_asistio', inasistencias: 2 });
    // The patient reads the state, never the count.
    const jar = await login(c.t, patient.correo);
    const own = (await call(c.t, jar, 'GET', `/api/appointments/${first}`)).json();
    expect(own).toMatchObject({ asistencia: 'no_asistio', inasistencias: null, asistencia_marcable: false });
    // Marked: it cannot be moved any more.
    const admin2 = await adminJar(c.t);
    expect((await call(c.t, admin2, 'POST', `/api/admin/appointments/${first}/reschedule`, { fecha: DAYS.thursday, hora: '10:00' })).json().message).toBe(
      messages.appointmentRescheduleStarted,
    );
    // Nor cancelled: what happened stays on record (before, the database's check refused it with a 500).
    const cancel = await call(c.t, admin2, 'POST', `/api/admin/appointments/${first}/cancel`, { motivo: 'Error' });
    expect(cancel.statusCode, cancel.body).toBe(400);
    expect(cancel.json().message).toBe(messages.appointmentCancelAfterAttendance);
    expect((await call(c.t, admin2, 'GET', `/api/admin/appointments/${first}`)).json()).toMatchObject({ estado: 'confirmada', asistencia: 'no_asistio' });

    // The policy: two no-shows, so a receipt is refused (nothing written) and /citas is told.
    expect((await call(c.t, jar, 'GET', '/api/appointments/policy')).json()).toEqual({ solo_pago_inmediato: true, message: messages.appointmentPrepayRequired });
    const [paymentsBefore] = rowsOf<{ n: number }>(await c.t.app.db.execute(sql`select count(*)::int as n from payments`));
    const refused = await bookByReceipt(c.t, jar, { id_doctor: doctor.id, fecha: DAYS.thursday, hora: '10:00' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.appointmentPrepayRequired);
    const [paymentsAfter] = rowsOf<{ n: number }>(await c.t.app.db.execute(sql`select count(*)::int as n from payments`));
    expect(paymentsAfter!.n).toBe(paymentsBefore!.n);
    await bookConfirmed(c, jar, { id_doctor: doctor.id, fecha: DAYS.thursday, hora: '10:00' });
    // A correction: attended after all; the count follows.
    expect((await call(c.t, doc, 'POST', `/api/doctor/appointments/${second}/attendance`, { asistencia: 'asistio' })).statusCode).toBe(200);
    expect((await call(c.t, jar, 'GET', '/api/appointments/policy')).json()).toMatchObject({ solo_pago_inmediato: false });
  });
});

// Session 10: a moved appointment whose receipt still waits read 'Solicitada', as if never moved.
describe('a moved request reads as moved, its payment still visible', () => {
  let c: AppointmentsClinic;
  beforeAll(async () => {
    c = await openAppointmentsClinic();
  });
  afterAll(async () => {
    await c?.close();
  });

  it('pending (receipt under review) and moved: reprogramada true, still pendiente with its payment under review', async () => {
    const doctor = await doctorAccount(c.t);
    const patient = await patientJar(c.t);
    const booked = await bookByReceipt(c.t, patient.jar, { id_doctor: doctor.id, fecha: DAYS.monday, hora: '10:00' });
    expect(booked.statusCode, booked.body).toBe(200);
    const [before] = (await call(c.t, patient.jar, 'GET', '/api/appointments')).json<{ items: (Row & { reprogramada: boolean; estado_pago: string })[] }>().items;
    expect(before).toMatchObject({ estado: 'pendiente', reprogramada: false, estado_pago: 'pendiente' });

    const moved = await call(c.t, patient.jar, 'POST', `/api/appointments/${before!.token}/reschedule`, { fecha: DAYS.wednesday, hora: '11:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    const [after] = (await call(c.t, patient.jar, 'GET', '/api/appointments')).json<{ items: (Row & { reprogramada: boolean; estado_pago: string })[] }>().items;
    expect(after).toMatchObject({ estado: 'pendiente', reprogramada: true, estado_pago: 'pendiente', fecha: DAYS.wednesday, hora: '11:00' });
    const admin = await adminJar(c.t);
    expect((await call(c.t, admin, 'GET', `/api/admin/appointments/${before!.token}`)).json()).toMatchObject({ reprogramada: true, estado: 'pendiente' });
  });
});

// Session 10 (issue 24 item 4): staff read a patient's no-shows in words with the prepay policy,
// in the appointment's details (its doctor, administrators) and the administrators' patient
// record; another doctor sees nothing of that patient, and the patient never sees the count or
// a staff e-mail address.
describe('a patient\'s no-shows for staff', () => {
  let c: AppointmentsClinic;
  beforeAll(async () => {
    c = await openAppointmentsClinic();
  });
  afterAll(async () => {
    await c?.close();
  });

  it('the doctor of the appointment and administrators read count and policy; another doctor gets 404; the patient reads neither, nor the doctor\'s e-mail', async () => {
    const doctor = await doctorAccount(c.t);
    const otherDoctor = await doctorAccount(c.t, 'consulta_general', 'Luis');
    const patient = await patientJar(c.t);
    const first = await bookConfirmed(c, patient.jar, { id_doctor: doctor.id, fecha: DAYS.monday, hora: '10:00' });
    const second = await bookConfirmed(c, patient.jar, { id_doctor: doctor.id, fecha: DAYS.monday, hora: '11:00' });
    const [{ patient_id: patientId }] = rowsOf<{ patient_id: string }>(await c.t.app.db.execute(sql`select patient_id from appointments where token = ${first}`)) as [
      { patient_id: string },
    ];
    const adminBefore = await adminJar(c.t);
    const recordBefore = await call(c.t, adminBefore, 'GET', `/api/admin/patients/${patientId}`);
    expect(recordBefore.statusCode, recordBefore.body).toBe(200);
    expect(recordBefore.json().estado_inasistencias).toEqual({ inasistencias: 0, limite: 2, solo_pago_inmediato: false });

    // Monday 11:30: both hours have started; the doctor marks one no-show, then the other.
    c.t.clock.advance(49 * HOUR + 30 * 60_000);
    const doc = await loginDoctor(c.t, doctor.correo);
    expect((await call(c.t, doc, 'POST', `/api/doctor/appointments/${first}/attendance`, { asistencia: 'no_asistio' })).statusCode).toBe(200);
    const one = (await call(c.t, doc, 'GET', `/api/doctor/appointments/${first}`)).json();
    expect(one).toMatchObject({ inasistencias: 1, estado_inasistencias: { inasistencias: 1, limite: 2, solo_pago_inmediato: false } });
    expect((await call(c.t, doc, 'POST', `/api/doctor/appointments/${second}/attendance`, { asistencia: 'no_asistio' })).statusCode).toBe(200);
    expect((await call(c.t, doc, 'GET', `/api/doctor/appointments/${second}`)).json().estado_inasistencias).toEqual({
      inasistencias: 2,
      limite: 2,
      solo_pago_inmediato: true,
    });

    // Another doctor: the appointment is not theirs, so neither it nor the patient's count is shown.
    const other = await loginDoctor(c.t, otherDoctor.correo);
    const foreign = await call(c.t, other, 'GET', `/api/doctor/appointments/${first}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('inasistencias');
    // A doctor has no access to the administrators' patient record at all.
    expect((await call(c.t, other, 'GET', `/api/admin/patients/${patientId}`)).statusCode).toBe(401);

    const admin = await adminJar(c.t);
    expect((await call(c.t, admin, 'GET', `/api/admin/patients/${patientId}`)).json().estado_inasistencias).toEqual({
      inasistencias: 2,
      limite: 2,
      solo_pago_inmediato: true,
    });
    const adminDetail = (await call(c.t, admin, 'GET', `/api/admin/appointments/${first}`)).json();
    expect(adminDetail).toMatchObject({ correo_doctor: doctor.correo, estado_inasistencias: { inasistencias: 2, solo_pago_inmediato: true } });

    // The patient: the state in words, never the count, the policy words or a staff address.
    const jar = await login(c.t, patient.correo);
    const own = await call(c.t, jar, 'GET', `/api/appointments/${first}`);
    expect(own.json()).toMatchObject({ asistencia: 'no_asistio', inasistencias: null, estado_inasistencias: null, correo_doctor: null });
    expect(own.body).not.toContain(doctor.correo);
  });
});
