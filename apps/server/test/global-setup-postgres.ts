import os from 'node:os';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { PG_TEMPLATE, pgUrlFor } from './harness.js';

/**
 * The `postgres` Vitest project: migrates one template database on the PostgreSQL 15 server that
 * scripts/services.mjs started (CLINICA_TEST_PG_URL), through the product's own migration path;
 * each test app then gets `CREATE DATABASE … TEMPLATE` (apps/server/test/harness.ts).
 */
export default async function setup() {
  if (!process.env.CLINICA_TEST_PG_URL)
    throw new Error('CLINICA_TEST_PG_URL is not set: run through scripts/services.mjs');
  const admin = new pg.Client({ connectionString: pgUrlFor('postgres') });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${PG_TEMPLATE}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ databaseUrl: pgUrlFor(PG_TEMPLATE), dataDir: os.tmpdir() });
  await database.close();
}
