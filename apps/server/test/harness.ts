import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { parseConfig } from '../src/config.js';
import { fromPglite } from '../src/db/client.js';
import { buildApp } from '../src/app.js';

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
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const snapshot = process.env.CLINICA_TEST_SNAPSHOT;
  if (!snapshot) throw new Error('CLINICA_TEST_SNAPSHOT is not set: run the tests through vitest (globalSetup)');
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'clinica-app-'));
  const client = new PGlite({ loadDataDir: new Blob([await fs.readFile(snapshot)]) });
  const clock = new TestClock();
  const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({ config, database: fromPglite(client), now: clock.now, logger: false });
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

/** A 1x1 PNG, a real image by its magic bytes. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Builds a multipart/form-data body for app.inject. */
export function multipart(fields: Record<string, string>, files: { field: string; filename: string; bytes: Buffer; type?: string }[] = []) {
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
