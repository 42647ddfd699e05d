import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { CookieJar, PNG_1X1, createTestApp, multipart, type TestApp } from '../../../test/harness.js';
import { call, patientJar, staffJar } from '../consultations/consultations.test-support.js';
import { startPaypalStandIn, type PaypalStandIn } from '../payments/paypal-stand-in/stand-in.plugin.js';
import { approveStaff } from '../auth/test-support.js';

/**
 * A clinic for the appointment API tests: the real app on a fresh database, a PayPal stand-in on
 * its own port, an administrator, and helpers that act as patients and doctors do. The test
 * clock starts on Saturday 2026-11-21 at 10:00 in Panama (15:00 UTC).
 */
export interface AppointmentsClinic {
  t: TestApp;
  paypal: PaypalStandIn;
  close(): Promise<void>;
}

/** A signed-in administrator (a new one: tests move the clock past the idle limit). */
export const adminJar = (t: TestApp) => staffJar(t, 'admin');

export { call, patientJar };

/** Dates around the test clock (Panama): Saturday the 21st is today. */
export const DAYS = {
  yesterday: '2026-11-20',
  today: '2026-11-21',
  monday: '2026-11-23',
  wednesday: '2026-11-25',
  thursday: '2026-11-26',
  saturday: '2026-11-28',
} as const;

export async function openAppointmentsClinic(): Promise<AppointmentsClinic> {
  const paypal = await startPaypalStandIn({ clientId: 'test-client-id', clientSecret: 'test-client-secret' });
  const t = await createTestApp({
    PAYPAL_CLIENT_ID: 'test-client-id',
    PAYPAL_CLIENT_SECRET: 'test-client-secret',
    PAYPAL_API_BASE: paypal.url,
    PAYPAL_SDK_URL: `${paypal.url}/sdk/js`,
    // The queue is read in the tests; nothing needs sending.
    MAIL_WORKER: '0',
  });
  return {
    t,
    paypal,
    async close() {
      await t.close();
      await paypal.close();
    },
  };
}

const unique = (p: string) => `${p}.${Math.random().toString(36).slice(2)}@example.com`;

/** A new doctor of the service, signed in: their id and cookie jar. */
export async function doctorAccount(t: TestApp, servicio = 'consulta_general', nombre = 'Ana') {
  const correo = unique('doctor');
  const reg = await t.app.inject({
    method: 'POST',
    url: '/api/doctor/register',
    payload: {
      clave_seguridad: 'demo-clave-doctor',
      nombre,
      apellido: 'Castillo',
      correo,
      password: 'secreto-seguro-1',
      password_confirm: 'secreto-seguro-1',
      servicio,
    },
  });
  if (reg.statusCode !== 201) throw new Error(reg.body);
  await approveStaff(t, 'doctor', correo);
  const jar = new CookieJar();
  const res = jar.store(await t.app.inject({ method: 'POST', url: '/api/doctor/login', payload: { email: correo, password: 'secreto-seguro-1' } }));
  if (res.statusCode !== 200) throw new Error(res.body);
  const [row] = rowsOf<{ id: string }>(await t.app.db.execute(sql`select id from staff where role = 'doctor' and correo = ${correo}`));
  return { id: row!.id, jar, correo };
}

export interface Slot {
  id_doctor: string;
  fecha: string;
  hora: string;
  servicio?: string;
}

/** The form's fields for a slot (Medicina General, $10 unless told). */
export const request = (slot: Slot, over: Record<string, string> = {}) => ({
  servicio: slot.servicio ?? 'consulta_general',
  id_doctor: slot.id_doctor,
  fecha: slot.fecha,
  hora: slot.hora,
  mensaje: 'Control de presión arterial',
  ...over,
});

const priceOf = (servicio: string) => (servicio === 'consulta_general' ? '10' : '40');

/** Books a slot by transfer (or Yappy) with a receipt image. */
export function bookByReceipt(t: TestApp, jar: CookieJar, slot: Slot, over: Record<string, string> = {}, file: Buffer | null = PNG_1X1) {
  const fields = { ...request(slot), metodo_de_pago: 'Transferencia', monto: priceOf(slot.servicio ?? 'consulta_general'), ...over };
  const body = multipart(fields, file ? [{ field: 'comprobante_tranferencia', filename: 'recibo.png', bytes: file }] : []);
  return t.app.inject({ method: 'POST', url: '/api/appointments/receipt', headers: { ...body.headers, cookie: jar.header }, payload: body.payload });
}

/** PayPal step 1: the order (the slot is held). */
export function paypalOrder(t: TestApp, jar: CookieJar, slot: Slot, over: Record<string, unknown> = {}): Promise<LightMyRequestResponse> {
  return call(t, jar, 'POST', '/api/appointments/paypal/order', {
    ...request(slot),
    metodo_de_pago: 'Paypal o Tarjeta',
    monto: Number(priceOf(slot.servicio ?? 'consulta_general')),
    ...over,
  });
}

/** PayPal step 2: the capture with the same request. */
export function paypalCapture(t: TestApp, jar: CookieJar, slot: Slot, orderID: string) {
  return call(t, jar, 'POST', '/api/appointments/paypal/capture', {
    ...request(slot),
    monto: Number(priceOf(slot.servicio ?? 'consulta_general')),
    orderID,
    payerID: 'PAYER123',
  });
}

/** The free hours of a doctor on a date, as the patient's form reads them. */
export async function hours(t: TestApp, jar: CookieJar, doctorId: string, fecha: string) {
  const res = await call(t, jar, 'GET', `/api/appointments/hours?id=${doctorId}&fecha=${fecha}`);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json<string[]>();
}

/** The rows of a raw query (drizzle types them as unknown whichever the driver). */
export const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** Rows, to prove what was (not) written. */
export async function count(t: TestApp, what: 'appointments' | 'active' | 'payments' | 'receipt_files' | 'blocked') {
  const query = {
    appointments: sql`select count(*)::int as n from appointments`,
    active: sql`select count(*)::int as n from appointments where estado <> 'cancelada'`,
    payments: sql`select count(*)::int as n from payments`,
    receipt_files: sql`select count(*)::int as n from files where kind = 'payment_receipt'`,
    blocked: sql`select count(*)::int as n from doctor_blocked_dates`,
  }[what];
  return rowsOf<{ n: number }>(await t.app.db.execute(query))[0]!.n;
}

/** Mails queued for an address, by kind. */
export async function mailsTo(t: TestApp, correo: string) {
  return rowsOf<{ kind: string; subject: string }>(
    await t.app.db.execute(sql`select kind, subject from mail_jobs where recipient = ${correo} order by created_at`),
  );
}
