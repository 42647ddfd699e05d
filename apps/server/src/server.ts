import { parseConfig } from './infra/config.js';
import { openDatabase } from './db/client.js';
import { buildApp } from './app.js';
import { seedDemo } from './seed.js';
import { useFieldKeys } from './db/field-crypto.js';
import { sealColumns } from './db/seal-columns.js';
import { listenBackupControl } from './modules/backups/index.js';

/** Entry point: configuration, database, app, listen; a clean shutdown on SIGTERM or SIGINT. */
async function main() {
  let config;
  try {
    config = parseConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  useFieldKeys(config.fileKeys);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pool: config.dbPool });
  // Clinical and identity text written before it was encrypted is sealed now (idempotent; decision 0030).
  await sealColumns(database.db, 'plain');
  if (config.seedDemo) await seedDemo(database.db, config);
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  // PGlite: `npm run backup` asks this process for the snapshot (decision 0056).
  if (database.kind === 'pglite') {
    const closeControl = await listenBackupControl(config.dataDir, app.backups);
    app.addHook('onClose', closeControl);
  }
  await app.listen({ port: config.port, host: config.host });
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
