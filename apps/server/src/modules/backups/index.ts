// The public face of this module: other modules import only what is listed here (lint-enforced).
import type { Config } from '../../infra/config.js';
import type { Database, Db } from '../../db/client.js';
import { backupsRepository } from './backups.repository.js';
import { backupsService } from './backups.service.js';

export { default as backupsPlugin } from './backups.plugin.js';
export { listenBackupControl, requestBackup } from './control-socket.js';
export { restoreArchive } from './backup-restore.js';
export { BackupArchiveError } from './backup-archive.js';

/**
 * When the last backup succeeded (null: never), for the metrics' backup-age gauge (issue 26, item 5).
 */
export async function backupStatus(db: Db): Promise<{ lastSuccessAt: Date | null }> {
  return { lastSuccessAt: await backupsRepository(db).lastSuccess() };
}

/** One backup of an open PostgreSQL database by the command itself (pg_dump needs no server's help). */
export function backupNow(database: Database, config: Config) {
  return backupsService({ repo: backupsRepository(database.db), config, database, now: () => new Date() }).run('manual');
}
