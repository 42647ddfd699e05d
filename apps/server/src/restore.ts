import path from 'node:path';
import { messages } from '@clinica/shared';
import { parseConfig } from './infra/config.js';
import { fromInvocationDir } from './infra/invocation-dir.js';
import { BackupArchiveError, restoreArchive } from './modules/backups/index.js';

/**
 * `npm run restore -w @clinica/server FILE` (issue 26, decision 0056): restores an archive into the
 * EMPTY data directory (PGlite) or the EMPTY database of DATABASE_URL, after checking its checksum
 * and its key; a refusal writes nothing and exits 1 with the reason in Spanish.
 */
const file = process.argv[2];
fromInvocationDir();
let config;
try {
  config = parseConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
if (!file) {
  console.error(messages.backupArchiveMissing);
  process.exit(2);
}
if (!config.backup.key) {
  console.error(messages.backupNoKey);
  process.exit(1);
}
try {
  const manifest = await restoreArchive({
    file: path.resolve(file),
    key: config.backup.key,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
  });
  console.log(`${messages.backupRestored} ${manifest.createdAt}`);
  console.log(JSON.stringify({ database: manifest.database, migrations: manifest.migrations, counts: manifest.counts, files: manifest.files }));
} catch (err) {
  console.error(err instanceof BackupArchiveError ? err.message : (err as Error).message);
  process.exitCode = 1;
}
