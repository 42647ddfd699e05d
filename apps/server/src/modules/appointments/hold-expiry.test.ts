import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { CookieJar } from '../../../test/harness.js';
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
  rowsOf,
  type AppointmentsClinic,
} from './appointments.test-support.js';

// Holds that expire (issue 24 item 3, decision 0050): a transfer/Yappy booking not approved within
// APPOINTMENT_HOLD_HOURS (24 by default), and never past its start, is released by the sweep.
// The clock starts on Saturday 2026-11-21, 10:00 in Panama (15:00 UTC) and only moves forward.

let c: AppointmentsClinic;
beforeAll(async () => {
  c = await openAppointmentsClinic();
});
afterAll(async () => {
  await c?.close();
});

const HOUR = 60 * 60_000;

/** The appointment's payment (id and token) by the appointment's token. */
async function paymentOf(token: string) {
  return rowsOf<{ id: string; token: string }>(
    await c.t.app.db.execute(sql`select p.id, p.token from appointments a join payments p on p.id = a.payment_id where a.token = ${token}`),
  )[0]!;
}

/** The appointment's state as stored (other tests' bookings expire on the same clock, so counts would mislead). */
async function estadoOf(token: string) {
  return rowsOf<{ estado: string }>(await c.t.app.db.execute(sql`select estado from appointments where token = ${token}`))[0]!.estado;
}

/** Mails of a kind queued to any administrator. */
async function staffMails(kind: string) {
  return rowsOf<{ subject: string }>(await c.t.app.db.execute(sql`select subject from mail_jobs where kind = ${kind}`));
}

describe('holds that expire', () => {
  it('24 hours after booking: released once, both told, the payment no longer approvable, the hour bookable again', async () => {
    const doctor = await doctorAccount(c.t);
    const patient = await patientJar(c.t);
    const slot = { id_doctor: doctor.id, fecha: DAYS.thursday, hora: '10:00' };
    const booked = await bookByReceipt(c.t, patient.jar, slot);
    expect(booked.statusCode, booked.body).toBe(200);
    const { token, reservada_hasta } = booked.json<{ token: string; reservada_hasta: string }>();
    // The deadline the patient is shown: 24 hours after booking (the start is five days later).
    expect(reservada_hasta).toBe(new Date(c.t.clock.now() + 24 * HOUR).toISOString());
    const mine = (await call(c.t, patient.jar, 'GET', '/api/appointments')).json<{ items: { token: string; reservada_hasta: string | null }[] }>();
    expect(mine.items.find((r) => r.token === token)?.reservada_hasta).toBe(reservada_hasta);

    // A minute before the deadline nothing happens.
    c.t.clock.advance(24 * HOUR - 60_000);
    expect(await c.t.app.appointments.expireHolds()).toBe(0);
    const own = await patientJarOf(patient.correo);
    expect(await hours(c.t, own, doctor.id, DAYS.thursday)).not.toContain('10:00');

    // Past it, two sweeps at once (two instances): exactly one releases it and mails.
    c.t.clock.advance(2 * 60_000);
    const swept = await Promise.all([c.t.app.appointments.expireHolds(), c.t.app.appointments.expireHolds()]);
    expect(swept[0] + swept[1]).toBe(1);
    expect(await c.t.app.appointments.expireHolds()).toBe(0);

    const again = await patientJar(c.t);
    const detail = (await call(c.t, again.jar, 'GET', `/api/appointments/${token}`));
    expect(detail.statusCode).toBe(404); // another patient's: not theirs to see
    expect((await call(c.t, own, 'GET', `/api/appointments/${token}`)).json()).toMatchObject({
      estado: 'cancelada',
      cancelada_por: 'reserva_vencida',
      motivo_cancelacion: messages.appointmentHoldExpiredReason,
      reservada_hasta: null,
      pago: { estado: 'pendiente', reembolso: 'pendiente' },
    });
    expect((await mailsTo(c.t, patient.correo)).filter((m) => m.kind === 'appointmentHoldExpired')).toHaveLength(1);
    expect((await staffMails('staffHoldExpired')).length).toBeGreaterThan(0);

    // A late approval is refused: the payment shows as owed back, not approvable.
    const admin = await adminJar(c.t);
    const payment = await paymentOf(token);
    const approve = await call(c.t, admin, 'POST', '/api/admin/receipts/approve', { id: payment.id });
    expect(approve.statusCode).toBe(409);
    expect(approve.json()).toMatchObject({ message: messages.paymentNotPending });
    expect((await call(c.t, admin, 'GET', `/api/admin/receipts/${payment.token}`)).json()).toMatchObject({
      aprobable: false,
      reembolso: { estado: 'pendiente', motivo: 'reserva_vencida' },
    });
    expect((await call(c.t, own, 'GET', `/api/appointments/${token}`)).json()).toMatchObject({ estado: 'cancelada' });

    // The hour is free again, and another patient books it.
    expect(await hours(c.t, again.jar, doctor.id, DAYS.thursday)).toContain('10:00');
    expect((await bookByReceipt(c.t, again.jar, slot)).statusCode).toBe(200);
  });

  it('never past the start: a booking a few hours ahead is held until its start, then released', async () => {
    const doctor = await doctorAccount(c.t);
    const patient = await patientJar(c.t);
    // Three hours after the clock (Sunday about 10:00 in Panama after the first test): inside the weekend's hours.
    const start = new Date(Math.ceil((c.t.clock.now() + 3 * HOUR) / HOUR) * HOUR);
    const panama = new Date(start.getTime() - 5 * HOUR);
    const fecha = panama.toISOString().slice(0, 10);
    const hora = `${String(panama.getUTCHours()).padStart(2, '0')}:00`;
    const booked = await bookByReceipt(c.t, patient.jar, { id_doctor: doctor.id, fecha, hora });
    expect(booked.statusCode, `${fecha} ${hora}: ${booked.body}`).toBe(200);
    const { token, reservada_hasta } = booked.json<{ token: string; reservada_hasta: string }>();
    expect(reservada_hasta).toBe(start.toISOString());

    c.t.clock.advance(start.getTime() - c.t.clock.now() - 60_000);
    await c.t.app.appointments.expireHolds();
    expect(await estadoOf(token)).toBe('pendiente');
    c.t.clock.advance(60_000);
    await c.t.app.appointments.expireHolds();
    expect(await estadoOf(token)).toBe('cancelada');
    const own = await patientJarOf(patient.correo);
    expect((await call(c.t, own, 'GET', `/api/appointments/${token}`)).json()).toMatchObject({ estado: 'cancelada', cancelada_por: 'reserva_vencida' });
  });

  it('an approval in time confirms it, and the sweep leaves it alone', async () => {
    const doctor = await doctorAccount(c.t);
    const patient = await patientJar(c.t);
    const fecha = new Date(c.t.clock.now() + 5 * 24 * HOUR - 5 * HOUR).toISOString().slice(0, 10);
    const booked = await bookByReceipt(c.t, patient.jar, { id_doctor: doctor.id, fecha, hora: '12:00' });
    expect(booked.statusCode, booked.body).toBe(200);
    const { token } = booked.json<{ token: string }>();
    const admin = await adminJar(c.t);
    expect((await call(c.t, admin, 'POST', '/api/admin/receipts/approve', { id: (await paymentOf(token)).id })).statusCode).toBe(200);
    c.t.clock.advance(25 * HOUR);
    await c.t.app.appointments.expireHolds();
    expect(await estadoOf(token)).toBe('confirmada');
    const own = await patientJarOf(patient.correo);
    expect((await call(c.t, own, 'GET', `/api/appointments/${token}`)).json()).toMatchObject({ estado: 'confirmada', reservada_hasta: null });
  });
});

/** A fresh sign-in of a patient (the clock moved past the idle limit of the first one). */
async function patientJarOf(correo: string) {
  const jar = new CookieJar();
  const res = jar.store(await c.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: correo, password: 'secreto-seguro-1' } }));
  if (res.statusCode !== 200) throw new Error(res.body);
  return jar;
}

// Session 10: the sweep filtered on `estado` with no index serving it (a scan of every active
// appointment each minute). bench/hold-sweep-plan.ts measures it on 10,000 rows; here the plan of
// the sweep's query (appointments.repository.ts lapsedPending, written out) must use the partial index.
describe('the sweep reads the waiting bookings through their own index', () => {
  it('plans lapsedPending on appointments_pending_created_idx (only pendiente rows, in booking order)', async () => {
    const [index] = rowsOf<{ indexdef: string }>(
      await c.t.app.db.execute(sql`select indexdef from pg_indexes where indexname = 'appointments_pending_created_idx'`),
    );
    expect(index?.indexdef).toMatch(/\(created_at\) WHERE \(estado = 'pendiente'::text\)/);
    // A test database is tiny, so the planner would read the table itself: forbid that, as 10,000 rows do.
    const plan = await c.t.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      return rowsOf<Record<string, string>>(
        await tx.execute(sql`explain select id, payment_id from appointments
          where estado = 'pendiente'
            and coalesce(reservada_hasta, least(created_at + make_interval(secs => ${24 * 3600}), inicio)) <= ${new Date().toISOString()}::timestamptz
          order by created_at asc limit 100`),
      )
        .map((r) => Object.values(r)[0])
        .join('\n');
    });
    expect(plan).toContain('Index Scan using appointments_pending_created_idx');
    expect(plan).not.toContain('Sort');
  });
});
