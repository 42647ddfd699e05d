import fs from 'node:fs/promises';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod/mini';
import { messages, patientSessionSchema, staffSessionSchema } from '@clinica/shared';
import { files, patients, sessions, staff } from '../../db/schema.js';
import { CookieJar, PNG_1X1, multipart, type TestApp } from '../../../test/harness.js';
import { createAdmin } from '../staff-accounts/create-admin.js';
import { totpOf } from '../two-factor/two-factor.service.js';

/** Helpers shared by the auth module's API tests (not a test file itself). */

const CATALOGUE = new Set<string>(Object.values(messages));

/** Every regular file under the app's file store, as relative paths (directories do not count). */
export async function storedFiles(t: TestApp) {
  const root = path.join(t.dataDir, 'files');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

/** What a refused request must leave untouched: rows of accounts, files and sessions, and the disk. */
export async function writtenState(t: TestApp) {
  const n = async (table: typeof patients | typeof files | typeof staff | typeof sessions) =>
    (await t.app.db.select({ n: count() }).from(table))[0]!.n;
  return {
    patients: await n(patients),
    staff: await n(staff),
    files: await n(files),
    sessions: await n(sessions),
    disk: await storedFiles(t),
  };
}

/** Asserts a refusal: the status, `{ success: false }`, the exact Spanish message, and a catalogue text. */
export function expectRefusal(res: LightMyRequestResponse, status: number, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ success: boolean; message: string; errors?: Record<string, string> }>();
  expect(body.success).toBe(false);
  expect(CATALOGUE.has(body.message), `not a catalogue message: ${body.message}`).toBe(true);
  if (message !== undefined) expect(body.message).toBe(message);
  return body;
}

/**
 * Sends a request that must be refused and proves nothing was written: same row counts and the
 * same files on disk before and after.
 */
export async function expectRefusedWritingNothing(
  t: TestApp,
  send: () => Promise<LightMyRequestResponse>,
  status: number,
  message?: string,
) {
  const before = await writtenState(t);
  const res = await send();
  const body = expectRefusal(res, status, message);
  expect(await writtenState(t)).toEqual(before);
  return body;
}

/** POST /api/auth/register with these fields and, unless given otherwise, a real PNG as image_cedula. */
export function registerPatient(
  t: TestApp,
  fields: Record<string, string>,
  upload: { field: string; filename: string; bytes: Buffer; type?: string }[] | null = [
    { field: 'image_cedula', filename: 'cedula.png', bytes: PNG_1X1, type: 'image/png' },
  ],
) {
  return t.app.inject({ method: 'POST', url: '/api/auth/register', ...multipart(fields, upload ?? []) });
}

let ipCounter = 0;
/**
 * A client address of its own: the login throttle also counts failures per address, and every
 * inject comes from 127.0.0.1 otherwise.
 */
export const freshIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

export type Role = 'patient' | 'admin' | 'doctor';
export const loginUrl = (role: Role) => (role === 'patient' ? '/api/auth/login' : `/api/${role}/login`);
export const sessionUrl = (role: Role) => (role === 'patient' ? '/api/auth/session' : `/api/${role}/session`);
export const logoutUrl = (role: Role) => (role === 'patient' ? '/api/auth/logout' : `/api/${role}/logout`);
export const cookieName = (role: Role) => `sid_${role}`;

/** Signs in through the role's login call and keeps the cookie in the jar. */
export async function login(t: TestApp, role: Role, email: string, password: string, jar = new CookieJar()) {
  const res = jar.store(
    await t.app.inject({
      method: 'POST',
      url: loginUrl(role),
      payload: { email, password },
      remoteAddress: freshIp(),
      headers: { cookie: jar.header },
    }),
  );
  return { res, jar };
}

/** Whether the role's session check (the 5-second poll) sees a signed-in account for this cookie header. */
export async function signedIn(t: Pick<TestApp, 'app'>, role: Role, cookie: string, activo?: '0' | '1') {
  const res = await t.app.inject({
    method: 'GET',
    url: sessionUrl(role) + (activo ? `?activo=${activo}` : ''),
    headers: { cookie },
  });
  expect(res.statusCode).toBe(200);
  const body = res.json<{ loggedIn?: boolean; loggedInAdmin?: boolean; authenticated?: boolean }>();
  // The polls skip zod on the way out (auth.routes.ts): every answer is held to its schema here,
  // strictly, so a field too many or a wrong type fails.
  expect(() => z.parse(role === 'patient' ? z.strictObject(patientSessionSchema.shape) : z.strictObject(staffSessionSchema.shape), body)).not.toThrow();
  if (role === 'patient') return body.loggedIn === true;
  expect(body.loggedInAdmin).toBe(body.authenticated);
  return body.loggedInAdmin === true;
}

/** The token a jar holds for a role (its cookie value). */
export const tokenOf = (jar: CookieJar, role: Role) => {
  const pair = jar.header.split('; ').find((p) => p.startsWith(`${cookieName(role)}=`));
  return pair?.slice(cookieName(role).length + 1);
};

interface Approver {
  jar: CookieJar;
  email: string;
  password: string;
  /** The approver's TOTP secret once it had to enrol (STAFF_2FA_REQUIRED=1). */
  secret?: string;
}
/** What the approver needs of a test app (chat.test.ts builds its own, listening, app). */
type AppWithClock = Pick<TestApp, 'app' | 'clock'>;
const approvers = new WeakMap<AppWithClock, Approver>();

/**
 * The signed-in administrator that approves the staff a test registers (issue 18: registration
 * with the key only creates a pending account). Made once per app with the create-admin command's
 * function; signs in again when its session ended (a test moved the clock), enrolling in two-step
 * verification when the app requires it.
 */
export async function approverJar(t: AppWithClock) {
  let a = approvers.get(t);
  if (!a) {
    const email = `aprobador.${Math.random().toString(36).slice(2)}@example.com`;
    const password = 'clave-aprobador-123';
    const made = await createAdmin(t.app.db, { nombre: 'Aprobadora', apellido: 'De Pruebas', correo: email, password }, t.clock.now);
    expect(made.ok).toBe(true);
    a = { jar: new CookieJar(), email, password };
    approvers.set(t, a);
  }
  if (a.jar.header && (await signedIn(t, 'admin', a.jar.header))) return a.jar;
  const ip = freshIp();
  const post = async (url: string, payload?: object) =>
    a.jar.store(await t.app.inject({ method: 'POST', url, payload, headers: { cookie: a.jar.header }, remoteAddress: ip }));
  const res = await post('/api/admin/login', { email: a.email, password: a.password });
  if (res.statusCode === 202) {
    t.clock.advance(30_000);
    const code = await post('/api/admin/login/code', { codigo: totpOf(a.secret!, 'x').generate({ timestamp: t.clock.now() }) });
    expect(code.statusCode, code.body).toBe(200);
  } else {
    expect(res.statusCode, res.body).toBe(200);
    if (res.json<{ inscripcion_requerida?: boolean }>().inscripcion_requerida) {
      const { secreto } = (await post('/api/admin/two-factor/setup')).json<{ secreto: string }>();
      const confirm = await post('/api/admin/two-factor/confirm', { codigo: totpOf(secreto, 'x').generate({ timestamp: t.clock.now() }) });
      expect(confirm.statusCode, confirm.body).toBe(200);
      a.secret = secreto;
    }
  }
  return a.jar;
}

/** The id of a staff account as the administrators' list shows it. */
export async function staffIdOf(t: AppWithClock, role: 'admin' | 'doctor', correo: string) {
  const jar = await approverJar(t);
  const list = await t.app.inject({ method: 'GET', url: '/api/admin/staff', headers: { cookie: jar.header } });
  expect(list.statusCode, list.body).toBe(200);
  const row = list.json<{ id: string; role: string; correo: string }[]>().find((r) => r.role === role && r.correo === correo.toLowerCase());
  expect(row, `no staff account ${role} ${correo}`).toBeDefined();
  return row!.id;
}

/** An administrator's action on a staff account through the admin API (approve, reject, deactivate, reactivate). */
export async function staffAction(t: AppWithClock, action: 'approve' | 'reject' | 'deactivate' | 'reactivate', id: string, jar?: CookieJar) {
  const by = jar ?? (await approverJar(t));
  return t.app.inject({ method: 'POST', url: `/api/admin/staff/${id}/${action}`, headers: { cookie: by.header } });
}

/** Approves a registered (pending) staff account through the admin API, as an administrator would. */
export async function approveStaff(t: AppWithClock, role: 'admin' | 'doctor', correo: string) {
  const res = await staffAction(t, 'approve', await staffIdOf(t, role, correo));
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * Registers a staff account with the demo key and, unless `pending`, has an administrator
 * approve it (issue 18), so that it can sign in.
 */
export async function registerStaff(
  t: TestApp,
  role: 'admin' | 'doctor',
  over: Record<string, string> = {},
  opts: { pending?: boolean } = {},
): Promise<{ email: string; password: string }> {
  const email = over.correo ?? `${role}.${Math.random().toString(36).slice(2)}@example.com`;
  const password = over.password ?? 'clave-segura-123';
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${role}/register`,
    remoteAddress: freshIp(),
    payload: {
      clave_seguridad: role === 'admin' ? 'demo-clave-admin' : 'demo-clave-doctor',
      nombre: role === 'admin' ? 'Elena' : 'Tomás',
      apellido: role === 'admin' ? 'Rivas' : 'Morales',
      correo: email,
      password,
      password_confirm: password,
      ...(role === 'doctor' ? { servicio: 'consulta_general' } : {}),
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  if (!opts.pending) await approveStaff(t, role, email);
  return { email, password };
}
