import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildApp } from '../../app.js';
import { parseConfig } from '../../infra/config.js';
import { openDatabase } from '../../db/client.js';
import { TestClock, type TestApp } from '../../../test/harness.js';
import { hasPostgres, startPostgres } from '../../../test/postgres.js';
import { startPaypalStandIn, type PaypalStandIn } from '../payments/paypal-stand-in/stand-in.plugin.js';
import { driveEveryPath, expectRollupsEqualRecount, rerunBackfill } from './rollups.test-support.js';

// The roll-ups' triggers on a real PostgreSQL 15 (decision 0057, "Session 11"): the migration's
// plpgsql runs there as on PGlite, and after every path that changes a counted figure each roll-up
// equals its recount. Starts its own cluster, so it runs in the `pglite` project too.

describe.skipIf(!hasPostgres)('dashboard roll-ups on PostgreSQL 15 (needs /usr/lib/postgresql/15: skipped without it)', () => {
  let pg: Awaited<ReturnType<typeof startPostgres>> | undefined;
  let paypal: PaypalStandIn | undefined;
  let t: TestApp | undefined;

  beforeAll(async () => {
    pg = await startPostgres();
    paypal = await startPaypalStandIn({ clientId: 'test-client-id', clientSecret: 'test-client-secret' });
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'clinica-pgdash-'));
    const config = parseConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      MAIL_WORKER: '0',
      DATABASE_URL: pg.url,
      PAYPAL_CLIENT_ID: 'test-client-id',
      PAYPAL_CLIENT_SECRET: 'test-client-secret',
      PAYPAL_API_BASE: paypal.url,
      PAYPAL_SDK_URL: `${paypal.url}/sdk/js`,
    });
    const database = await openDatabase({ databaseUrl: pg.url, dataDir });
    const clock = new TestClock();
    const app = await buildApp({ config, database, now: clock.now, logger: false });
    await app.ready();
    t = {
      app,
      clock,
      dataDir,
      async close() {
        await app.close();
        await fs.rm(dataDir, { recursive: true, force: true });
      },
    };
  }, 300_000);

  afterAll(async () => {
    await t?.close();
    await paypal?.close();
    pg?.stop();
  });

  it('equal a recount after every path that changes a counted figure, and after the back-fill', async () => {
    await driveEveryPath(t!, paypal!);
    await expectRollupsEqualRecount(t!.app.db, { counted: true });
    await rerunBackfill(t!.app.db);
    await expectRollupsEqualRecount(t!.app.db, { counted: true });
  }, 300_000);
});
