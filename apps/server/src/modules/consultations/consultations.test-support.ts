import { sql } from 'drizzle-orm';
import { consultations, files, paymentEvents, payments } from '../../db/schema.js';
import type { LightMyRequestResponse } from 'fastify';
import { CookieJar, PNG_1X1, createTestApp, markEmailVerified, multipart, validRegistration, type TestApp } from '../../../test/harness.js';
import { startPaypalStandIn, type PaypalStandIn } from '../payments/paypal-stand-in/stand-in.plugin.js';
import { approveStaff, staffIdOf } from '../auth/test-support.js';

/**
 * A clinic for the consultation and payment API tests: the real app on a fresh database, talking
 * over HTTP to a PayPal stand-in on its own port, with helpers that act as patients and staff do.
 */
export interface Clinic {
  t: TestApp;
  paypal: PaypalStandIn;
  doctors: Record<'consulta_general' | 'psicologia', string>;
  admin: CookieJar;
  close(): Promise<void>;
}

export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

export const history = (over: Record<string, string> = {}) => ({
  sintomas: 'Dolor de cabeza y fiebre desde hace dos días',
  antecedentesFamiliares: 'No hay información',
  antecedentesPersonales: 'Hipertensión',
  antecedentesQuirurgicos: 'No hay información',
  alergias: 'Penicilina',
  otrosDatos: 'No hay información',
  ...over,
});

export async function openClinic(env: Record<string, string> = {}): Promise<Clinic> {
  const paypal = await startPaypalStandIn({ clientId: 'test-client-id', clientSecret: 'test-client-secret' });
  const t = await createTestApp({
    PAYPAL_CLIENT_ID: 'test-client-id',
    PAYPAL_CLIENT_SECRET: 'test-client-secret',
    PAYPAL_API_BASE: paypal.url,
    PAYPAL_SDK_URL: `${paypal.url}/sdk/js`,
    ...env,
  });
  const admin = await staffJar(t, 'admin');
  const doctors = {
    consulta_general: await registerDoctor(t, admin, 'consulta_general'),
    psicologia: await registerDoctor(t, admin, 'psicologia'),
  };
  return {
    t,
    paypal,
    doctors,
    admin,
    async close() {
      await t.close();
      await paypal.close();
    },
  };
}

const unique = (p: string) => `${p}.${Math.random().toString(36).slice(2)}@example.com`;

async function registerDoctor(t: TestApp, admin: CookieJar, servicio: string) {
  const correo = unique('doctor');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/doctor/register',
    payload: {
      clave_seguridad: 'demo-clave-doctor',
      nombre: 'Ana',
      apellido: servicio,
      correo,
      password: 'secreto-seguro-1',
      password_confirm: 'secreto-seguro-1',
      servicio,
    },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  await approveStaff(t, 'doctor', correo);
  // Patients' doctor list has no e-mail (issue 18): the doctor is found by id among those offered.
  const id = await staffIdOf(t, 'doctor', correo);
  const list = await t.app.inject({ method: 'GET', url: `/api/doctors?servicio=${servicio}`, headers: { cookie: admin.header } });
  if (!list.json<{ id: string }[]>().some((d) => d.id === id)) throw new Error('doctor not listed');
  return id;
}

/** A signed-in staff member (a new account). */
export async function staffJar(t: TestApp, role: 'admin' | 'doctor') {
  const correo = unique(role);
  await t.app.inject({
    method: 'POST',
    url: `/api/${role}/register`,
    payload: {
      clave_seguridad: role === 'admin' ? 'demo-clave-admin' : 'demo-clave-doctor',
      nombre: 'Elena',
      apellido: 'Rivas',
      correo,
      password: 'secreto-seguro-1',
      password_confirm: 'secreto-seguro-1',
      ...(role === 'doctor' ? { servicio: 'consulta_general' } : {}),
    },
  });
  await approveStaff(t, role, correo);
  const jar = new CookieJar();
  const res = jar.store(await t.app.inject({ method: 'POST', url: `/api/${role}/login`, payload: { email: correo, password: 'secreto-seguro-1' } }));
  if (res.statusCode !== 200) throw new Error(res.body);
  return jar;
}

/** A new patient, registered and signed in. */
export async function patientJar(t: TestApp, over: Record<string, string> = {}) {
  const reg = validRegistration({ correo: unique('paciente'), ...over });
  const body = multipart(reg, [{ field: 'image_cedula', filename: 'cedula.png', bytes: PNG_1X1 }]);
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', ...body });
  if (res.statusCode !== 201) throw new Error(res.body);
  // An established patient: their address is verified, so the clinic's messages reach them (issue 18).
  await markEmailVerified(t, reg.correo);
  const jar = new CookieJar();
  jar.store(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: reg.correo, password: reg.password } }));
  return { jar, correo: reg.correo, nombre: reg.nombre };
}

/** JSON call with the jar's cookies. */
export function call(t: TestApp, jar: CookieJar | null, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: jar ? { cookie: jar.header } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

export async function consent(t: TestApp, jar: CookieJar) {
  const res = await call(t, jar, 'POST', '/api/consultations/consent', { aceptar: 'si' });
  if (res.statusCode !== 200) throw new Error(res.body);
}

/** Creates a PayPal order for a consultation and approves it as the buyer would; returns the order id. */
export async function approvedOrder(c: Clinic, jar: CookieJar, servicio: 'consulta_general' | 'psicologia' = 'consulta_general') {
  const res = await call(c.t, jar, 'POST', '/api/consultations/paypal/order', {
    servicio,
    doctor_id: c.doctors[servicio],
    metodo_de_pago: 'Paypal o Tarjeta',
    monto: servicio === 'consulta_general' ? 10 : 40,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  const id = res.json<{ id: string }>().id;
  await c.paypal.approve(id);
  return id;
}

export function captureBody(c: Clinic, orderID: string, servicio: 'consulta_general' | 'psicologia' = 'consulta_general') {
  return { servicio, doctor_id: c.doctors[servicio], ...history(), orderID, payerID: 'PAYER123' };
}

/** Sends a transfer or Yappy consultation request with a receipt file. */
export function sendReceipt(
  c: Clinic,
  jar: CookieJar,
  file: { bytes: Buffer; filename: string } | null,
  over: Record<string, string> = {},
) {
  const fields = {
    servicio: 'consulta_general',
    doctor_id: c.doctors.consulta_general,
    metodo_de_pago: 'Transferencia',
    monto: '10',
    ...history(),
    ...over,
  };
  const body = multipart(fields, file ? [{ field: 'comprobante_tranferencia', filename: file.filename, bytes: file.bytes }] : []);
  return c.t.app.inject({ method: 'POST', url: '/api/consultations/receipt', headers: { ...body.headers, cookie: jar.header }, payload: body.payload });
}

/** Rows of a table, to prove that nothing was written. */
const TABLES = { payments, consultations, files, payment_events: paymentEvents };
export async function count(t: TestApp, table: keyof typeof TABLES) {
  const [row] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(TABLES[table]);
  return row?.n ?? 0;
}
