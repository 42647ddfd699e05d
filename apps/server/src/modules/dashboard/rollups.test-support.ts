import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { MIGRATIONS_DIR } from '../../db/client.js';
import { PNG_1X1, multipart, type CookieJar, type TestApp } from '../../../test/harness.js';
import type { PaypalStandIn } from '../payments/paypal-stand-in/stand-in.plugin.js';
import { approvedOrder, captureBody, consent, patientJar, sendReceipt, staffJar, type Clinic } from '../consultations/consultations.test-support.js';
import { DAYS, bookByReceipt, doctorAccount, paypalCapture, paypalOrder } from '../appointments/appointments.test-support.js';

/**
 * The dashboard's roll-ups against a recount (decision 0057, "Session 11"): every path of the
 * product that changes a counted figure, driven through the real routes, then each roll-up table
 * compared with the same figure counted from the live tables. Shared by the PGlite test and the
 * PostgreSQL one.
 */

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
type Db = TestApp['app']['db'];

/**
 * The recount: each roll-up's figures counted from the live tables (as the dashboard counted them
 * before the roll-ups), and the roll-up's own rows (zeroed rows left by a decrement are no figure).
 */
const RECOUNT = {
  consultations: {
    live: sql`SELECT (fecha_registro AT TIME ZONE 'America/Panama')::date::text AS dia, servicio, doctor_id::text AS doctor, count(*)::int AS consultas
              FROM consultations GROUP BY 1, 2, 3`,
    kept: sql`SELECT dia::text, servicio, doctor_id::text AS doctor, consultas FROM dashboard_consultations_daily WHERE consultas <> 0`,
  },
  appointments: {
    live: sql`SELECT fecha::text AS dia, servicio, doctor_id::text AS doctor, count(*)::int AS citas,
                     (count(*) FILTER (WHERE asistencia IS NOT NULL))::int AS marcadas, (count(*) FILTER (WHERE asistencia = 'no_asistio'))::int AS no_asistio
              FROM appointments WHERE estado IN ('pendiente', 'confirmada') GROUP BY 1, 2, 3`,
    kept: sql`SELECT dia::text, servicio, doctor_id::text AS doctor, citas, marcadas, no_asistio FROM dashboard_appointments_daily
              WHERE citas <> 0 OR marcadas <> 0 OR no_asistio <> 0`,
  },
  revenue: {
    live: sql`SELECT (created_at AT TIME ZONE 'America/Panama')::date::text AS dia, servicio, metodo_de_pago AS metodo, count(*)::int AS pagos, sum(monto_cents)::int AS monto_cents
              FROM payments WHERE estado = 'aprobado' GROUP BY 1, 2, 3`,
    kept: sql`SELECT dia::text, servicio, metodo, pagos, monto_cents::int FROM dashboard_revenue_daily WHERE pagos <> 0 OR monto_cents <> 0`,
  },
  refunds: {
    live: sql`SELECT (completado_at AT TIME ZONE 'America/Panama')::date::text AS dia, metodo, count(*)::int AS reembolsos, sum(monto_cents)::int AS monto_cents
              FROM refunds WHERE estado = 'completado' GROUP BY 1, 2`,
    kept: sql`SELECT dia::text, metodo, reembolsos, monto_cents::int FROM dashboard_refunds_daily WHERE reembolsos <> 0 OR monto_cents <> 0`,
  },
  authorisation: {
    live: sql`SELECT (c.fecha_registro AT TIME ZONE 'America/Panama')::date::text AS dia, p.metodo_de_pago AS metodo,
                     dashboard_wait_bucket(extract(epoch FROM p.decidido_at - p.created_at)::double precision)::int AS cubeta, count(*)::int AS consultas,
                     sum(round(extract(epoch FROM p.decidido_at - p.created_at)::double precision * 1000))::bigint::text AS espera_ms
              FROM consultations c JOIN payments p ON p.id = c.payment_id
              WHERE c.permiso_chat AND p.estado = 'aprobado' AND p.decidido_at IS NOT NULL GROUP BY 1, 2, 3`,
    kept: sql`SELECT dia::text, metodo, cubeta::int, consultas, espera_ms::text FROM dashboard_authorisation_daily WHERE consultas <> 0 OR espera_ms <> 0`,
  },
} as const;

const sorted = (rows: Record<string, unknown>[]) => rows.map((r) => JSON.stringify(r, Object.keys(r).sort())).sort();

/** Each roll-up's rows and its recount from the live tables, sorted, to compare. */
export async function recount(db: Db) {
  const out: Record<string, { live: string[]; kept: string[] }> = {};
  for (const [name, q] of Object.entries(RECOUNT)) {
    out[name] = { live: sorted(rowsOf(await db.execute(q.live))), kept: sorted(rowsOf(await db.execute(q.kept))) };
  }
  return out;
}

/**
 * Asserts every roll-up equals its recount; with `counted`, also that each recount has rows (so
 * the comparison is not of two empty lists).
 */
export async function expectRollupsEqualRecount(db: Db, opts: { counted?: boolean } = {}) {
  const r = await recount(db);
  for (const [name, { live, kept }] of Object.entries(r)) {
    if (opts.counted) expect(live.length, `${name}: the scenario counted nothing`).toBeGreaterThan(0);
    expect(kept, name).toEqual(live);
  }
  return r;
}

/**
 * Empties the roll-ups and runs the back-fill statements of migration 0024 as written there (the
 * part after its "back-fill" comment), so the test checks the migration's own SQL.
 */
export async function rerunBackfill(db: Db) {
  // The migration that creates the roll-ups (0024_session11) is found by what it holds, not by its name.
  const file = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .find((f) => fs.readFileSync(path.join(MIGRATIONS_DIR, f), 'utf8').includes('CREATE TRIGGER dashboard_consultations_rollup'));
  if (!file) throw new Error('the dashboard roll-ups migration is missing');
  const text = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
  const backfill = text.slice(text.indexOf('-- The back-fill'));
  for (const t of ['consultations', 'appointments', 'revenue', 'refunds', 'authorisation']) await db.execute(sql.raw(`DELETE FROM dashboard_${t}_daily`));
  for (const statement of backfill.split('--> statement-breakpoint')) {
    if (statement.trim()) await db.execute(sql.raw(statement));
  }
}

const HOUR = 3_600_000;

/**
 * Every path that changes a counted figure, through the routes: consultations paid by PayPal
 * (authorised at once), by transfer and authorised after a two-hour wait, by Yappy and rejected,
 * by transfer and sent to hospital then refunded; appointments booked by receipt and approved,
 * rescheduled across days and marked no-show, paid by PayPal then cancelled and refunded through
 * PayPal, and booked by receipt then rejected (cancelled). Returns what it wrote, for the caller's
 * checks. The clinic's clock starts at Saturday 2026-11-21, 10:00 in Panama.
 */
export async function driveEveryPath(t: TestApp, paypal: PaypalStandIn) {
  const admin = await staffJar(t, 'admin');
  const doctorGeneral = await doctorAccount(t, 'consulta_general');
  const doctorPsico = await doctorAccount(t, 'psicologia', 'Luz');
  const c: Clinic = { t, paypal, doctors: { consulta_general: doctorGeneral.id, psicologia: doctorPsico.id }, admin, close: async () => {} };
  const ok = (res: { statusCode: number; body: string }, what: string) => expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
  const post = (jar: CookieJar, url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: jar.header }, ...(payload ? { payload } : {}) });
  const consultationOf = async (token: string) =>
    rowsOf<{ id: string; payment_id: string }>(await t.app.db.execute(sql`select id, payment_id from consultations where token = ${token}`))[0]!;
  const paymentOfAppointment = async (token: string) =>
    rowsOf<{ payment_id: string }>(await t.app.db.execute(sql`select payment_id from appointments where token = ${token}`))[0]!.payment_id;

  // 1. A consultation paid by PayPal: approved and authorised at once.
  const p1 = await patientJar(t);
  await consent(t, p1.jar);
  ok(await post(p1.jar, '/api/consultations/paypal/capture', captureBody(c, await approvedOrder(c, p1.jar, 'psicologia'), 'psicologia')), 'paypal consultation');

  // 2. By transfer, authorised by an administrator two hours later (the payment approved with it).
  const p2 = await patientJar(t);
  await consent(t, p2.jar);
  const sent2 = await sendReceipt(c, p2.jar, { bytes: PNG_1X1, filename: 'r.png' });
  ok(sent2, 'transfer consultation');
  const c2 = await consultationOf(sent2.json<{ token: string }>().token);
  t.clock.advance(2 * HOUR);
  const admin2 = await staffJar(t, 'admin');
  ok(await post(admin2, '/api/admin/consultations/update', { consulta_id: c2.id, correo: p2.correo, tipo_consulta: 'tipo_a', estado_consulta: 1 }), 'authorise');

  // 3. By Yappy, the receipt rejected.
  const p3 = await patientJar(t);
  await consent(t, p3.jar);
  const sent3 = await sendReceipt(c, p3.jar, { bytes: PNG_1X1, filename: 'y.png' }, { metodo_de_pago: 'Yappy' });
  ok(sent3, 'yappy consultation');
  const c3 = await consultationOf(sent3.json<{ token: string }>().token);
  ok(await post(admin2, '/api/admin/receipts/reject', { id: c3.payment_id, motivo: 'Comprobante ilegible' }), 'reject');

  // 4. By transfer, sent to hospital (nothing delivered: owed back), then refunded by the clinic.
  const p4 = await patientJar(t);
  await consent(t, p4.jar);
  const sent4 = await sendReceipt(c, p4.jar, { bytes: PNG_1X1, filename: 't.png' });
  ok(sent4, 'transfer consultation 2');
  const c4 = await consultationOf(sent4.json<{ token: string }>().token);
  ok(await post(admin2, '/api/admin/consultations/update', { consulta_id: c4.id, correo: p4.correo, tipo_consulta: 'tipo_c', estado_consulta: 1 }), 'hospital');
  const refund = multipart({ id: c4.payment_id, referencia: 'TRF-001' }, []);
  ok(await t.app.inject({ method: 'POST', url: '/api/admin/receipts/refund', headers: { ...refund.headers, cookie: admin2.header }, payload: refund.payload }), 'manual refund');

  // 5. An appointment booked by receipt, approved, moved from Monday to Wednesday, marked no-show.
  const p5 = await patientJar(t);
  const booked5 = await bookByReceipt(t, p5.jar, { id_doctor: doctorGeneral.id, fecha: DAYS.monday, hora: '10:00' });
  ok(booked5, 'appointment by receipt');
  const a5 = booked5.json<{ token: string }>().token;
  ok(await post(admin2, '/api/admin/receipts/approve', { id: await paymentOfAppointment(a5) }), 'approve appointment');
  ok(await post(p5.jar, `/api/appointments/${a5}/reschedule`, { fecha: DAYS.wednesday, hora: '11:00' }), 'reschedule');

  // 6. An appointment paid by PayPal, cancelled by the patient, refunded through PayPal.
  const p6 = await patientJar(t);
  const slot6 = { id_doctor: doctorPsico.id, fecha: DAYS.thursday, hora: '09:00', servicio: 'psicologia' };
  const order = await paypalOrder(t, p6.jar, slot6);
  ok(order, 'appointment order');
  const orderID = order.json<{ id: string }>().id;
  await paypal.approve(orderID);
  const captured = await paypalCapture(t, p6.jar, slot6, orderID);
  ok(captured, 'appointment capture');
  const a6 = captured.json<{ token: string }>().token;
  ok(await post(p6.jar, `/api/appointments/${a6}/cancel`), 'cancel');
  ok(await post(admin2, '/api/admin/receipts/refund-paypal', { id: await paymentOfAppointment(a6) }), 'paypal refund');

  // 7. An appointment booked by receipt whose receipt is rejected (the appointment is cancelled).
  const p7 = await patientJar(t);
  const booked7 = await bookByReceipt(t, p7.jar, { id_doctor: doctorGeneral.id, fecha: DAYS.thursday, hora: '14:00' });
  ok(booked7, 'appointment by receipt 2');
  const a7 = booked7.json<{ token: string }>().token;
  ok(await post(admin2, '/api/admin/receipts/reject', { id: await paymentOfAppointment(a7), motivo: 'Monto incorrecto' }), 'reject appointment');

  // 5, continued: after the Wednesday appointment's hour, the administrator marks it not attended.
  t.clock.ms = Date.parse(`${DAYS.wednesday}T18:00:00Z`);
  const admin3 = await staffJar(t, 'admin');
  ok(await post(admin3, `/api/admin/appointments/${a5}/attendance`, { asistencia: 'no_asistio' }), 'no-show');

  return { appointments: { rescheduled: a5, refunded: a6, rejected: a7 }, consultations: { authorised: c2.id, rejected: c3.id, refunded: c4.id } };
}
