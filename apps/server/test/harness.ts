import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { parseConfig } from '../src/infra/config.js';
import { fromPglite, openDatabase, type Database } from '../src/db/client.js';
import { buildApp } from '../src/app.js';

/**
 * Which database the API tests run on: PGlite (the default: a copy of the migrated snapshot per
 * app) or, in the `postgres` Vitest project, a real PostgreSQL 15 server (CLINICA_TEST_PG_URL)
 * where each app gets a new database made from the migrated template.
 */
export const onPostgres = process.env.CLINICA_TEST_DB === 'postgres';

/** The migrated database the PostgreSQL project copies (apps/server/test/global-setup-postgres.ts). */
export const PG_TEMPLATE = 'clinica_test_template';

/** The server's URL with another database name. */
export function pgUrlFor(database: string) {
  const url = new URL(process.env.CLINICA_TEST_PG_URL ?? '');
  url.pathname = `/${database}`;
  return url.toString();
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: pgUrlFor('postgres') });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A fresh migrated database for one test app, on whichever database the run uses. With
 * `reopenable`, `reopen()` opens the same data again after the app using it closed (a restart);
 * otherwise closing it throws it away.
 */
export async function freshDatabase(
  opts: { reopenable?: boolean } = {},
): Promise<{ database: Database; reopen(): Promise<Database> }> {
  if (onPostgres) {
    const name = `clinica_t_${randomBytes(6).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE}`);
    const open = async (): Promise<Database> => {
      const database = await openDatabase({ databaseUrl: pgUrlFor(name), dataDir: os.tmpdir() });
      if (opts.reopenable) return database;
      return {
        ...database,
        close: async () => {
          await database.close();
          await adminQuery(`DROP DATABASE IF EXISTS ${name}`);
        },
      };
    };
    return { database: await open(), reopen: open };
  }
  const snapshot = process.env.CLINICA_TEST_SNAPSHOT;
  if (!snapshot) throw new Error('CLINICA_TEST_SNAPSHOT is not set: run the tests through vitest (globalSetup)');
  let dump: Blob = new Blob([await fs.readFile(snapshot)]);
  const open = async (): Promise<Database> => {
    const client = new PGlite({ loadDataDir: dump });
    const database = fromPglite(client);
    if (!opts.reopenable) return database;
    return {
      ...database,
      close: async () => {
        dump = await client.dumpDataDir('none');
        await client.close();
      },
    };
  };
  return { database: await open(), reopen: open };
}

/** A clock tests can move: `clock.advance(31 * 60_000)` passes 31 minutes for the server. */
export class TestClock {
  constructor(public ms = Date.parse('2026-11-21T15:00:00Z')) {}
  now = () => this.ms;
  advance(ms: number) {
    this.ms += ms;
  }
}

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * Builds the real app on a fresh copy of the migrated database, in a temporary data directory.
 * `env` overrides configuration (e.g. LOGIN_MAX_ATTEMPTS).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: { logStream?: NodeJS.WritableStream } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'clinica-app-'));
  const { database } = await freshDatabase();
  const clock = new TestClock();
  const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  // With a log stream (a capture), the app logs as in production (at LOG_LEVEL), into it.
  const app = await buildApp({
    config,
    database,
    now: clock.now,
    logger: opts.logStream !== undefined,
    logStream: opts.logStream,
  });
  await app.ready();
  return {
    app,
    clock,
    dataDir,
    async close() {
      await app.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Keeps the cookies a response sets, like a browser, and sends them back. */
export class CookieJar {
  private readonly jar = new Map<string, string>();
  store(res: LightMyRequestResponse) {
    for (const c of res.cookies) {
      if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
    return res;
  }
  get header() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  get names() {
    return [...this.jar.keys()];
  }
}

export { PNG_1X1, distinctPng } from './png.js';

/** Builds a multipart/form-data body for app.inject. */
export function multipart(
  fields: Record<string, string>,
  files: { field: string; filename: string; bytes: Buffer; type?: string }[] = [],
) {
  const boundary = `----clinica${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A valid patient registration (Panamá, 8-digit phone); override what a test varies. */
export const validRegistration = (over: Record<string, string> = {}) => ({
  nombre: 'María',
  apellido: 'González',
  cedula: '8-123-456',
  correo: `maria.${Math.random().toString(36).slice(2)}@example.com`,
  password: 'secreto-seguro-1',
  password_confirm: 'secreto-seguro-1',
  nacionalidad: 'Panamá',
  genero: 'femenino',
  edad: '31',
  direccion: 'Calle 50, Ciudad de Panamá',
  country_code: '+507',
  celular: '6123-4567',
  acuerdo: 'true',
  ...over,
});

/**
 * Marks a registered patient's address verified, as if they had opened the mailed link (issue 18):
 * for tests of other features whose patients must receive mail or see their documents. The link
 * itself is tested in modules/email-verification.
 */
export async function markEmailVerified(t: TestApp, correo: string) {
  const { patients } = await import('../src/db/schema.js');
  const { eq } = await import('drizzle-orm');
  const rows = await t.app.db
    .update(patients)
    .set({ email_verified_at: new Date(t.clock.now()) })
    .where(eq(patients.correo, correo.trim().toLowerCase()))
    .returning({ id: patients.id });
  if (rows.length !== 1) throw new Error(`markEmailVerified: ${rows.length} patients with ${correo}`);
}
