import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The one database type the repositories see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Cheap round trip for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Wraps an open PGlite (on disk, in memory, or loaded from a test snapshot). */
export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
}

/**
 * Opens the database the configuration names and applies pending migrations: PostgreSQL when
 * a URL is given, otherwise PGlite on disk under the data directory.
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, idleTimeoutMillis: 30_000 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR });
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await pool.query('select 1')),
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
