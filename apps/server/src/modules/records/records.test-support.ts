import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { CookieJar, PNG_1X1, markEmailVerified, multipart, validRegistration, type TestApp } from '../../../test/harness.js';
import { approveStaff } from '../auth/test-support.js';

/** Helpers of the records tests: people of the clinic acting through the real API. */

const unique = (p: string) => `${p}.${Math.random().toString(36).slice(2)}@example.com`;
export const PASSWORD = 'secreto-seguro-1';
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

export interface Person {
  jar: CookieJar;
  id: string;
  correo: string;
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

async function rows<T>(t: TestApp, query: string): Promise<T[]> {
  const res = await t.app.db.execute(sql.raw(query));
  return (res as { rows: T[] }).rows;
}

/** Runs SQL and returns its rows (tests read the audit trail and the stored files with it). */
export const select = rows;

/** A new staff account, registered and signed in. */
export async function staffMember(t: TestApp, role: 'admin' | 'doctor', over: Record<string, string> = {}): Promise<Person> {
  const correo = unique(role);
  const reg = await t.app.inject({
    method: 'POST',
    url: `/api/${role}/register`,
    payload: {
      clave_seguridad: role === 'admin' ? 'demo-clave-admin' : 'demo-clave-doctor',
      nombre: 'Elena',
      apellido: 'Rivas',
      correo,
      password: PASSWORD,
      password_confirm: PASSWORD,
      ...(role === 'doctor' ? { servicio: 'consulta_general' } : {}),
      ...over,
    },
  });
  if (reg.statusCode !== 201) throw new Error(reg.body);
  await approveStaff(t, role, correo);
  const jar = new CookieJar();
  const res = jar.store(await t.app.inject({ method: 'POST', url: `/api/${role}/login`, payload: { email: correo, password: PASSWORD } }));
  if (res.statusCode !== 200) throw new Error(res.body);
  const [row] = await rows<{ id: string }>(t, `select id from staff where correo = '${correo}' and role = '${role}'`);
  return { jar, id: row!.id, correo };
}

/** A new patient, registered (with an ID-card image) and signed in. */
export async function patient(t: TestApp, over: Record<string, string> = {}): Promise<Person> {
  const reg = validRegistration({ correo: unique('paciente'), ...over });
  const body = multipart(reg, [{ field: 'image_cedula', filename: 'cedula.png', bytes: PNG_1X1 }]);
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', ...body });
  if (res.statusCode !== 201) throw new Error(res.body);
  // An established patient: their address is verified, so the clinic's messages reach them (issue 18).
  await markEmailVerified(t, reg.correo);
  const jar = new CookieJar();
  jar.store(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: reg.correo, password: reg.password } }));
  const [row] = await rows<{ id: string }>(t, `select id from patients where correo = '${reg.correo}'`);
  return { jar, id: row!.id, correo: reg.correo };
}

/**
 * A virtual consultation of `who` with `doctorId`, requested the way the page does it (consent,
 * then the transfer receipt), and its token.
 */
export async function consultation(t: TestApp, who: Person, doctorId: string, sintomas = 'Tos seca y fiebre desde ayer', over: Record<string, string> = {}) {
  const consent = await call(t, who.jar, 'POST', '/api/consultations/consent', { aceptar: 'si' });
  if (consent.statusCode !== 200) throw new Error(consent.body);
  const fields = {
    servicio: 'consulta_general',
    doctor_id: doctorId,
    metodo_de_pago: 'Transferencia',
    monto: '10',
    sintomas,
    antecedentesFamiliares: 'No hay información',
    antecedentesPersonales: 'Asma',
    antecedentesQuirurgicos: 'No hay información',
    alergias: 'Penicilina',
    otrosDatos: 'No hay información',
    ...over,
  };
  const body = multipart(fields, [{ field: 'comprobante_tranferencia', filename: 'recibo.png', bytes: PNG_1X1 }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/consultations/receipt',
    headers: { ...body.headers, cookie: who.jar.header },
    payload: body.payload,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  const token = res.json<{ token: string }>().token;
  const [row] = await rows<{ id: string }>(t, `select id from consultations where token = '${token}'`);
  return { token, id: row!.id };
}

/** Uploads a file as multipart to `url` with the jar's cookies. */
export function upload(t: TestApp, jar: CookieJar, url: string, field: string, file: { filename: string; bytes: Buffer }) {
  const body = multipart({}, [{ field, filename: file.filename, bytes: file.bytes }]);
  return t.app.inject({ method: 'POST', url, headers: { ...body.headers, cookie: jar.header }, payload: body.payload });
}

export interface AuditRowSql {
  id: number;
  actor_role: string;
  actor_id: string | null;
  actor_correo: string | null;
  action: string;
  resource_type: string | null;
  resource_id: string | null;
  patient_id: string | null;
  outcome: string;
  status_code: number | null;
  method: string | null;
  path: string | null;
  ip: string | null;
  detail: string | null;
}

/** The audit rows of an action (newest last). */
export const auditRows = (t: TestApp, where = 'true') => rows<AuditRowSql>(t, `select * from audit_log where ${where} order by id`);

/**
 * `copies` more consultations (each with its own payment) like the one `consultationId`, by SQL:
 * a list long enough to page through without a thousand requests. Registered one second apart
 * going back from the original, two at each instant, so the id must break ties (keyset paging).
 */
export async function cloneConsultation(t: TestApp, consultationId: string, copies: number) {
  const run = (query: string) => t.app.db.execute(sql.raw(query));
  const stamp = (kind: string) => `md5('${kind}-${consultationId}-' || g)::uuid`;
  // numero is GENERATED ALWAYS: each copy takes the next number of its sequence (OVERRIDING SYSTEM VALUE).
  await run(`insert into payments overriding system value select (jsonb_populate_record(null::payments, to_jsonb(p) || jsonb_build_object(
      'id', ${stamp('pay')}, 'token', 'clon-pago-' || g || '-${consultationId}', 'paypal_order_id', null,
      'numero', nextval(pg_get_serial_sequence('payments', 'numero')),
      'created_at', p.created_at - make_interval(secs => (g + 1) / 2)))).*
    from payments p join consultations c on c.payment_id = p.id, generate_series(1, ${copies}) g where c.id = '${consultationId}'`);
  await run(`insert into consultations overriding system value select (jsonb_populate_record(null::consultations, to_jsonb(c) || jsonb_build_object(
      'id', ${stamp('con')}, 'token', 'clon-' || g || '-${consultationId}', 'payment_id', ${stamp('pay')},
      'numero', nextval(pg_get_serial_sequence('consultations', 'numero')),
      'fecha_registro', c.fecha_registro - make_interval(secs => (g + 1) / 2)))).*
    from consultations c, generate_series(1, ${copies}) g where c.id = '${consultationId}'`);
}
