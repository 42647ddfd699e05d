import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';
import { DB_POOL_DEFAULTS } from '../infra/config.js';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The one database type the repositories see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Cheap round trip for /readyz. */
  ping(): Promise<void>;
  /** What the database is busy with now, for the metrics (infra/metrics.ts). */
  usage(): DatabaseUsage;
  close(): Promise<void>;
  /**
   * PGlite only: a consistent copy of the data directory (a gzipped tarball) taken by the serving
   * instance itself, while it keeps serving (backups, decision 0056).
   */
  snapshot?: () => Promise<Blob>;
}

/**
 * PostgreSQL: the pool's connections (`total` open, `idle` of them, `waiting` requests for one,
 * `max`); PGlite has no pool (one connection in this process, statements queued behind a lock):
 * `inFlight` calls made and not yet answered, the queue a slow statement makes grow.
 */
export interface DatabaseUsage {
  inFlight: number;
  pool?: { total: number; idle: number; waiting: number; max: number };
}

/**
 * Counts PGlite's calls in flight by wrapping the three entry points drizzle uses on this one
 * instance (a transaction counts once, however many statements it runs).
 */
function countInFlight(client: PGlite) {
  const counter = { inFlight: 0 };
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const original = client[name].bind(client) as (...args: unknown[]) => Promise<unknown>;
    Object.defineProperty(client, name, {
      configurable: true,
      value: async (...args: unknown[]) => {
        counter.inFlight += 1;
        try {
          return await original(...args);
        } finally {
          counter.inFlight -= 1;
        }
      },
    });
  }
  return counter;
}
const gzip = promisify(zlib.gzip);

/** Wraps an open PGlite (on disk, in memory, or loaded from a test snapshot). */
export function fromPglite(client: PGlite): Database {
  const counter = countInFlight(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    usage: () => ({ inFlight: counter.inFlight }),
    close: () => client.close(),
    async snapshot() {
      // A checkpoint first, so the copy carries little WAL to replay when it is opened.
      await client.exec('CHECKPOINT');
      // Every statement and transaction of this PGlite runs under its transaction mutex (query,
      // exec and transaction all take it): holding it, no transaction is open half-way and no
      // statement runs, and dumpDataDir('none') reads the files synchronously into a tar. The tar
      // is therefore the directory between two transactions: every commit acknowledged before this
      // point is in it. Queries wait only for that read; the gzip runs after the mutex is released.
      // (A second PGlite opening the directory instead would not be safe: PGlite takes no lock,
      // decision 0056.)
      const tar = await client._runExclusiveTransaction(() => client.dumpDataDir('none'));
      return new Blob([await gzip(new Uint8Array(await tar.arrayBuffer()))], { type: 'application/x-gzip' });
    },
  };
}

/** The pool limits of one instance (config.ts: DB_POOL_MAX, DB_*_TIMEOUT_MS). */
export interface PoolOptions {
  max: number;
  idleTimeoutMs: number;
  connectionTimeoutMs: number;
  statementTimeoutMs: number;
}

/**
 * Key of the session-level advisory lock held while migrating PostgreSQL: instances starting at
 * once queue on it, one migrates, the others then find nothing left to apply. Fixed, so every
 * version of the server agrees on it.
 */
export const MIGRATION_LOCK_KEY = 7_243_001_517;

/**
 * Applies pending migrations to PostgreSQL under the advisory lock, on a connection of its own
 * (no statement timeout: waiting for another instance's migration, or a long migration, is
 * legitimate). A crashed migrator's lock ends with its connection.
 */
export async function migratePostgres(databaseUrl: string, connectionTimeoutMs: number = DB_POOL_DEFAULTS.connectionTimeoutMs) {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: connectionTimeoutMs });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

/**
 * Opens the database the configuration names and applies pending migrations: PostgreSQL when
 * a URL is given (a pool with the configured limits), otherwise PGlite on disk under the data directory.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  pool?: PoolOptions;
  /** false: PostgreSQL only, connect without migrating (the backup command must not change what it copies). */
  migrate?: boolean;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const limits = opts.pool ?? DB_POOL_DEFAULTS;
    if (opts.migrate !== false) await migratePostgres(opts.databaseUrl, limits.connectionTimeoutMs);
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: limits.max,
      idleTimeoutMillis: limits.idleTimeoutMs,
      connectionTimeoutMillis: limits.connectionTimeoutMs,
      // Server-side: a runaway query is cancelled by PostgreSQL and frees its connection.
      statement_timeout: limits.statementTimeoutMs,
    });
    // An idle client losing its connection (a PostgreSQL restart) must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      usage: () => ({
        inFlight: pool.totalCount - pool.idleCount,
        pool: { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: limits.max },
      }),
      close: () => pool.end(),
    };
  }
  const dir = path.join(opts.dataDir, 'pgdata');
  await fs.mkdir(dir, { recursive: true });
  const client = new PGlite(dir);
  await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
  return fromPglite(client);
}

/** Migrates a fresh in-memory PGlite and returns its data directory as a tarball (tests copy it). */
export async function migratedSnapshot(): Promise<Blob> {
  const client = new PGlite();
  await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
  const blob = await client.dumpDataDir('none');
  await client.close();
  return blob;
}

/** An open transaction (to the query builder it is a database: a repository takes either). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The one way a service opens a transaction: `fn` runs on one connection and everything it writes
 * commits or rolls back together. A service takes `db` and calls this, rather than each declaring
 * its own `transaction` dependency; repositories take `Db | Tx` (a `Tx` is a `Db` to them).
 */
export function inTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(fn);
}
