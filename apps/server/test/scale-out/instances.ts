import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { WebSocket } from 'ws';
import type { ChatServerFrame, VideoServerFrame } from '@clinica/shared';
import { PNG_1X1, multipart, validRegistration } from '../harness.js';
import { openDatabase } from '../../src/db/client.js';
import { createAdmin } from '../../src/modules/staff-accounts/create-admin.js';
import { startPaypalStandIn, type PaypalStandIn } from '../../src/modules/payments/paypal-stand-in/stand-in.plugin.js';

/**
 * Real server processes for the scale-out and crash tests: `node --import tsx
 * apps/server/src/server.ts` (what `npm start` runs), each on its own port and data directory,
 * spoken to over HTTP and WebSocket like a browser would.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** True when scripts/services.mjs started PostgreSQL and Redis for this run. */
export const hasServices = Boolean(process.env.CLINICA_TEST_PG_URL && process.env.CLINICA_TEST_REDIS_URL);

export async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** The shared server's URL with another database name. */
export function pgUrl(database: string) {
  const url = new URL(process.env.CLINICA_TEST_PG_URL ?? '');
  url.pathname = `/${database}`;
  return url.toString();
}

/** A new empty database on the shared PostgreSQL; the servers migrate it. */
export async function newPgDatabase(prefix: string) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl('postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = pgUrl(name);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  return {
    url,
    query: async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
      (await pool.query<T>(text, values)).rows,
    close: () => pool.end(),
  };
}

/** The shared Redis with its own logical database, so test files do not see each other's keys. */
export function redisUrl(db: number) {
  return `${process.env.CLINICA_TEST_REDIS_URL ?? ''}/${db}`;
}

export interface Instance {
  port: number;
  url: string;
  dataDir: string;
  proc: ChildProcess;
  exited: Promise<number | null>;
  /** What the process wrote (shown when something fails). */
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts one server process and waits until /readyz answers. */
export async function startInstance(
  env: Record<string, string>,
  opts: { dataDir?: string; port?: number } = {},
): Promise<Instance> {
  const port = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'clinica-inst-')));
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      LOGIN_MAX_ATTEMPTS: '100000',
      // The write load chats faster than a person (issue 19's send limits are tested in chat.test.ts).
      CHAT_SEND_BURST: '100000',
      CHAT_SEND_PER_MINUTE: '100000',
      // The write loads register and book from one address (the quotas are proven by the API tests).
      QUOTA_REGISTRATIONS_PER_ADDRESS_HOUR: '100000',
      QUOTA_HELD_APPOINTMENTS_PER_DOCTOR_DAY: '100000',
      QUOTA_HELD_APPOINTMENTS_TOTAL: '100000',
      TEST_ONLY_IGNORE_CONSULTATION_HOURS: '1',
      MAIL_WORKER: '0',
      ...env,
    },
  });
  let out = '';
  proc.stdout?.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-20_000)));
  proc.stderr?.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-20_000)));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 90_000;
  let dead = false;
  void exited.then(() => (dead = true));
  for (;;) {
    if (dead) throw new Error(`the server exited before it was ready:\n${out}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > until) {
      proc.kill('SIGKILL');
      throw new Error(`the server was not ready after 90 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    url,
    dataDir,
    proc,
    exited,
    output: () => out,
    async kill(signal: NodeJS.Signals = 'SIGTERM') {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill(signal);
        await exited;
      }
      // A data directory made here goes with its process; one given by the caller (a restart) stays.
      if (!opts.dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser's cookies for one person, sent back on every call. */
export class Browser {
  private readonly jar = new Map<string, string>();
  constructor(public base: string) {}

  get cookie() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) < Date.now()),
      );
      if (!value || expired) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  /** A call to `base` (or another instance's URL) with this browser's cookies. */
  async call(method: string, url: string, body?: unknown, base = this.base) {
    const headers: Record<string, string> = { cookie: this.cookie, origin: base };
    let payload: Uint8Array | string | undefined;
    if (body instanceof Uint8Array) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${base}${url}`, { method, headers, body: payload });
    this.store(res);
    return res;
  }

  async json<T = Record<string, unknown>>(method: string, url: string, body?: unknown, base = this.base) {
    const res = await this.call(method, url, body, base);
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T, text };
  }

  /** A multipart call (files as {field, filename, bytes}). */
  async form(
    url: string,
    fields: Record<string, string>,
    files: { field: string; filename: string; bytes: Buffer }[],
    base = this.base,
  ) {
    const body = multipart(fields, files);
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { ...body.headers, cookie: this.cookie, origin: base },
      body: body.payload,
    });
    this.store(res);
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown>, text };
  }
}

const unique = (p: string) => `${p}.${randomBytes(6).toString('hex')}@example.com`;

/** Registers a patient (with the cédula image) through `base`; returns the browser, signed out. */
export async function registerPatient(base: string, bytes: Buffer = PNG_1X1) {
  const reg = validRegistration({ correo: unique('paciente') });
  const b = new Browser(base);
  const res = await b.form('/api/auth/register', reg, [{ field: 'image_cedula', filename: 'cedula.png', bytes }]);
  return { browser: b, correo: reg.correo, password: reg.password, status: res.status, text: res.text };
}

/** A registered and signed-in patient. */
export async function patient(base: string) {
  const p = await registerPatient(base);
  if (p.status !== 201) throw new Error(`registration ${p.status}: ${p.text}`);
  const login = await p.browser.json('POST', '/api/auth/login', { email: p.correo, password: p.password });
  if (login.status !== 200) throw new Error(`login ${login.status}: ${login.text}`);
  return p;
}

/** The administrator who approves the staff these tests register (issue 18: registration alone is pending). */
export const APPROVER = { email: 'aprobador@scale-out.test', password: 'clave-aprobador-123' };

/**
 * Creates APPROVER in the database the instances use, as `npm run create-admin` does: on
 * PostgreSQL (`databaseUrl`) at any time, on a PGlite data directory before its server starts.
 */
export async function createApprover(where: { databaseUrl?: string; dataDir?: string }) {
  const database = await openDatabase({ databaseUrl: where.databaseUrl, dataDir: where.dataDir ?? os.tmpdir() });
  try {
    const made = await createAdmin(database.db, { nombre: 'Aprobadora', apellido: 'Escala', correo: APPROVER.email, password: APPROVER.password });
    if (!made.ok) throw new Error(made.error);
  } finally {
    await database.close();
  }
}

/** A registered and signed-in doctor of Medicina General (or an administrator). */
export async function staff(base: string, role: 'doctor' | 'admin') {
  const correo = unique(role);
  const b = new Browser(base);
  const reg = await b.json('POST', `/api/${role}/register`, {
    clave_seguridad: role === 'admin' ? 'demo-clave-admin' : 'demo-clave-doctor',
    nombre: 'Ana',
    apellido: 'Castillo',
    correo,
    password: 'secreto-seguro-1',
    password_confirm: 'secreto-seguro-1',
    ...(role === 'doctor' ? { servicio: 'consulta_general' } : {}),
  });
  if (reg.status !== 201) throw new Error(`${role} registration ${reg.status}: ${reg.text}`);
  // APPROVER (createApprover) approves it through the admin API.
  const admin = new Browser(base);
  const signedIn = await admin.json('POST', '/api/admin/login', { email: APPROVER.email, password: APPROVER.password });
  if (signedIn.status !== 200) throw new Error(`approver login ${signedIn.status}: ${signedIn.text}`);
  const list = await admin.json<{ id: string; role: string; correo: string }[]>('GET', '/api/admin/staff');
  const id = list.body.find((r) => r.role === role && r.correo === correo)?.id;
  const approved = await admin.json('POST', `/api/admin/staff/${id}/approve`);
  if (approved.status !== 200) throw new Error(`approval ${approved.status}: ${approved.text}`);
  const login = await b.json('POST', `/api/${role}/login`, { email: correo, password: 'secreto-seguro-1' });
  if (login.status !== 200) throw new Error(`${role} login ${login.status}: ${login.text}`);
  return { browser: b, correo, nombre: 'Ana Castillo' };
}

/** The first weekday at least `daysAhead` days from now, as YYYY-MM-DD (Panama has no DST: UTC-5). */
export function weekdayAhead(daysAhead: number) {
  const d = new Date(Date.now() - 5 * 3600_000 + daysAhead * 86_400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** A chat socket with an inbox; `next(type)` waits for the first frame of that type. */
/** What a chat socket receives: the chat's frames and the video call's (decision 0053). */
type SocketFrame = ChatServerFrame | VideoServerFrame;

export function chatSocket(base: string, token: string, rol: 'patient' | 'doctor', cookie: string) {
  const ws = new WebSocket(
    `${base.replace(/^http/, 'ws')}/api/chat/ws?consulta=${encodeURIComponent(token)}&rol=${rol}&since=0`,
    {
      headers: { cookie, origin: base },
    },
  );
  const inbox: SocketFrame[] = [];
  const waiters: { match: (f: SocketFrame) => boolean; resolve: (f: SocketFrame) => void }[] = [];
  ws.on('message', (raw: Buffer) => {
    const frame = JSON.parse(raw.toString('utf8')) as SocketFrame;
    const i = waiters.findIndex((w) => w.match(frame));
    if (i >= 0) waiters.splice(i, 1)[0]!.resolve(frame);
    else inbox.push(frame);
  });
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.once('error', reject);
  });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  return {
    ws,
    /** Frames received and not yet taken by `next`. */
    inbox,
    opened,
    closed,
    /** The first frame of this type (and matching `pred`), from the inbox or the next ones. */
    next<T extends SocketFrame['type']>(
      type: T,
      pred: (f: Extract<SocketFrame, { type: T }>) => boolean = () => true,
      ms = 10_000,
    ) {
      const match = (f: SocketFrame) => f.type === type && pred(f as Extract<SocketFrame, { type: T }>);
      const i = inbox.findIndex(match);
      if (i >= 0) return Promise.resolve(inbox.splice(i, 1)[0] as Extract<SocketFrame, { type: T }>);
      return new Promise<Extract<SocketFrame, { type: T }>>((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(`no ${type} frame within ${ms} ms; received meanwhile: ${JSON.stringify(inbox).slice(0, 500)}`),
            ),
          ms,
        );
        waiters.push({
          match,
          resolve: (f) => {
            clearTimeout(timer);
            resolve(f as Extract<SocketFrame, { type: T }>);
          },
        });
      });
    },
    /** Sends any frame as it is (the video call's `call-*` frames, decision 0053). */
    raw(frame: Record<string, unknown>) {
      ws.send(JSON.stringify(frame));
    },
    /** Sends a message under the page-made id `cid` (a UUID; a new one when not given). */
    send(texto: string, cid: string = randomUUID()) {
      ws.send(JSON.stringify({ type: 'send', texto, cid }));
    },
  };
}

/** PayPal stand-in settings for instances that share one stand-in (started by the test). */
export const paypalEnv = (url: string) => ({
  PAYPAL_CLIENT_ID: 'test-client-id',
  PAYPAL_CLIENT_SECRET: 'test-client-secret',
  PAYPAL_API_BASE: url,
  PAYPAL_SDK_URL: `${url}/sdk/js`,
});

/** The capture form of a paid virtual consultation. */
export const consultationCapture = (doctorId: string, orderID: string) => ({
  servicio: 'consulta_general',
  doctor_id: doctorId,
  sintomas: 'Tos y fiebre',
  antecedentesFamiliares: 'No hay información',
  antecedentesPersonales: 'No hay información',
  antecedentesQuirurgicos: 'No hay información',
  alergias: 'No hay información',
  otrosDatos: 'No hay información',
  orderID,
  payerID: 'PAYER1',
});

/** What `twoInstances` starts; filled before the first test of its describe. */
export interface TwoInstances {
  db: Awaited<ReturnType<typeof newPgDatabase>>;
  paypal: PaypalStandIn;
  /** The configuration both processes run with (DATABASE_URL, REDIS_URL, files in PostgreSQL, PayPal's stand-in). */
  env: Record<string, string>;
  a: Instance;
  b: Instance;
}

/**
 * Two server processes on a new PostgreSQL database, the Redis logical database `redisDb` (one per
 * test file, so files do not see each other's keys), files in PostgreSQL and PayPal's stand-in, with
 * the approver account; stopped and removed after the describe. Call inside a `describe`: it
 * registers the start and the clean-up (the chat's and the video's two-instance tests share it).
 * `together` starts both at once, racing for the migration lock on the empty database.
 */
export function twoInstances(dbPrefix: string, redisDb: number, opts: { together?: boolean } = {}): TwoInstances {
  const set = {} as TwoInstances;
  beforeAll(async () => {
    set.db = await newPgDatabase(dbPrefix);
    set.paypal = await startPaypalStandIn({ clientId: 'test-client-id', clientSecret: 'test-client-secret' });
    set.env = { DATABASE_URL: set.db.url, REDIS_URL: redisUrl(redisDb), STORAGE_DRIVER: 'postgres', ...paypalEnv(set.paypal.url) };
    if (opts.together) {
      [set.a, set.b] = await Promise.all([startInstance(set.env), startInstance(set.env)]);
    } else {
      set.a = await startInstance(set.env);
      set.b = await startInstance(set.env);
    }
    await createApprover({ databaseUrl: set.db.url });
  });

  afterAll(async () => {
    for (const i of [set.a, set.b]) {
      if (!i) continue;
      await i.kill('SIGTERM');
      await fs.rm(i.dataDir, { recursive: true, force: true });
    }
    await set.paypal?.close();
    await set.db?.close();
  });
  return set;
}
