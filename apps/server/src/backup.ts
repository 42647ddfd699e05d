import path from 'node:path';
import { messages } from '@clinica/shared';
import { parseConfig } from './infra/config.js';
import { fromInvocationDir } from './infra/invocation-dir.js';
import { openDatabase } from './db/client.js';
import { backupNow, requestBackup } from './modules/backups/index.js';

/**
 * `npm run backup -w @clinica/server` (issue 26, decision 0056): one backup now, written to BACKUP_DIR
 * and recorded in backup_runs. On PGlite the running server takes it (asked over the data
 * directory's socket: no second process may open PGlite's directory); on PostgreSQL this
 * command runs pg_dump itself. Exit status 0 only when an archive was written.
 */
fromInvocationDir();
let config;
try {
  config = parseConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
if (!config.backup.key) {
  console.error(messages.backupNoKey);
  process.exit(1);
}
try {
  let result;
  if (config.databaseUrl) {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pool: config.dbPool, migrate: false });
    try {
      result = await backupNow(database, config);
    } finally {
      await database.close();
    }
  } else {
    result = await requestBackup(config.dataDir);
  }
  if (result.ok) {
    console.log(`${messages.backupWritten} ${path.join(config.backup.dir, result.archivo)} (${result.size} bytes)`);
  } else {
    console.error(result.error);
    process.exitCode = 1;
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}
