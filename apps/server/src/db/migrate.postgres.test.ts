import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPostgres, startPostgres } from '../../test/postgres.js';
import { MIGRATIONS_DIR, MIGRATION_LOCK_KEY, migratePostgres, openDatabase } from './client.js';
import { postgresStorage } from '../infra/storage.js';

// Several instances started at once against one PostgreSQL 15: the advisory lock makes one
// migrate while the others wait, and nobody sees a half-migrated schema.

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };

describe.skipIf(!hasPostgres)('migrations and pool on PostgreSQL 15 (needs /usr/lib/postgresql/15: skipped without it)', () => {
  let server: Awaited<ReturnType<typeof startPostgres>>;
  let admin: pg.Client;

  beforeAll(async () => {
    server = await startPostgres();
    admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
  }, 120_000);
  afterAll(async () => {
    await admin?.end();
    server?.stop();
  });

  /** A new empty database on the server, and its URL. */
  async function emptyDatabase() {
    const name = `m_${crypto.randomBytes(5).toString('hex')}`;
    await admin.query(`create database ${name}`);
    const url = new URL(server.url);
    url.pathname = `/${name}`;
    return url.toString();
  }

  const tableExists = async (url: string, table: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query<{ t: string | null }>('select to_regclass($1) as t', [table])).rows[0]!.t !== null;
    } finally {
      await c.end();
    }
  };

  it('an instance waits while another holds the migration lock, then migrates', async () => {
    const url = await emptyDatabase();
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    let done = false;
    const migrating = migratePostgres(url).then(() => {
      done = true;
    });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(done).toBe(false);
    expect(await tableExists(url, 'public.patients')).toBe(false);
    await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    await holder.end();
    await migrating;
    expect(await tableExists(url, 'public.patients')).toBe(true);
  });

  it('four instances starting at once: all start, every migration applied exactly once', async () => {
    const url = await emptyDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-mig-'));
    const dbs = await Promise.all([1, 2, 3, 4].map(() => openDatabase({ databaseUrl: url, dataDir })));
    try {
      const rows = rowsOf<{ hash: string }>(await dbs[0]!.db.execute(sql`select hash from drizzle.__drizzle_migrations`));
      expect(rows).toHaveLength(journal.entries.length);
      expect(new Set(rows.map((r) => r.hash)).size).toBe(journal.entries.length);
      for (const d of dbs) await d.ping();
    } finally {
      for (const d of dbs) await d.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('the pool applies the configured statement timeout and size', async () => {
    const url = await emptyDatabase();
    const database = await openDatabase({
      databaseUrl: url,
      dataDir: os.tmpdir(),
      pool: { max: 2, idleTimeoutMs: 1_000, connectionTimeoutMs: 2_000, statementTimeoutMs: 300 },
    });
    try {
      const slow = await database.db.execute(sql`select pg_sleep(2)`).then(
        () => undefined,
        (err: unknown) => err as Error & { cause?: Error },
      );
      expect(slow?.cause?.message ?? slow?.message).toMatch(/statement timeout/);
      // Three statements at once on a pool of two: the server sees at most two connections of it.
      const counts = await Promise.all(
        [1, 2, 3].map(() =>
          database.db.execute(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
          ),
        ),
      );
      for (const c of counts) expect(rowsOf<{ n: number }>(c)[0]!.n).toBeLessThanOrEqual(2);
    } finally {
      await database.close();
    }
  });

  it('the postgres storage driver round-trips bytes through node-postgres, encrypted in the table', async () => {
    const url = await emptyDatabase();
    const database = await openDatabase({ databaseUrl: url, dataDir: os.tmpdir() });
    try {
      const store = postgresStorage(database.db, crypto.randomBytes(32));
      const key = crypto.randomUUID();
      const plain = crypto.randomBytes(256 * 1024);
      await store.put(key, plain, { encrypt: true });
      expect((await store.get(key, { encrypted: true })).equals(plain)).toBe(true);
      const raw = rowsOf<{ n: number }>(await database.db.execute(sql`select length(bytes)::int as n from stored_objects where key = ${key}`));
      expect(raw[0]!.n).toBe(plain.length + 28);
    } finally {
      await database.close();
    }
  });
});
