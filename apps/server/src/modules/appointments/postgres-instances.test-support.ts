import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../app.js';
import { parseConfig } from '../../infra/config.js';
import { openDatabase, type Database } from '../../db/client.js';
import { CookieJar, PNG_1X1, multipart, validRegistration } from '../../../test/harness.js';
import { startPostgres } from '../../../test/postgres.js';

/**
 * Two server instances (two connection pools) on one real PostgreSQL 15, for the appointments'
 * concurrency tests: PGlite has one connection, so only here do requests for one slot really run
 * at once. Call inside a `describe`: it registers the start and the clean-up. The clock is
 * Saturday 2026-11-21, 10:00 in Panama, as in the PGlite tests.
 */
export function twoPostgresInstances(tmpPrefix: string) {
  const clock = { ms: Date.parse('2026-11-21T15:00:00Z') };
  const apps: FastifyInstance[] = [];
  const dbs: Database[] = [];
  let pg: Awaited<ReturnType<typeof startPostgres>> | undefined;
  let dataDir: string | undefined;

  beforeAll(async () => {
    pg = await startPostgres();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), tmpPrefix));
    for (let i = 0; i < 2; i++) {
      const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', MAIL_WORKER: '0', DATABASE_URL: pg.url });
      const database = await openDatabase({ databaseUrl: pg.url, dataDir });
      dbs.push(database);
      const app = await buildApp({ config, database, now: () => clock.ms, logger: false });
      await app.ready();
      apps.push(app);
    }
  }, 120_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    pg?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** A new patient registered and signed in on `app`. */
  async function patient(app: FastifyInstance) {
    const reg = validRegistration({ correo: `p.${Math.random().toString(36).slice(2)}@example.com` });
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', ...multipart(reg, [{ field: 'image_cedula', filename: 'c.png', bytes: PNG_1X1 }]) });
    if (res.statusCode !== 201) throw new Error(res.body);
    const jar = new CookieJar();
    jar.store(await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: reg.correo, password: reg.password } }));
    return jar;
  }

  return { apps, dbs, clock, patient };
}
