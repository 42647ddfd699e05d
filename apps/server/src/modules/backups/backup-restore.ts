import fs from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { messages } from '@clinica/shared';
import { BackupArchiveError, readArchive, verifyArchive, type BackupManifest, type EntrySink } from './backup-archive.js';
import { pgRestore } from './backup-sources.js';
import { PGLITE_ENTRY, POSTGRES_ENTRY } from './backups.service.js';

/** A stored file's path inside an archive: `files/<2 hex>/<uuid>`, nothing else (no `..`, no absolute path). */
const FILE_ENTRY = /^files\/([0-9a-f]{2})\/([0-9a-f-]{36})$/;

async function isEmptyDir(dir: string) {
  try {
    return (await fs.readdir(dir)).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}

async function postgresIsEmpty(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return rows[0]?.n === 0;
  } finally {
    await client.end();
  }
}

/**
 * `npm run restore -w @clinica/server FILE` (decision 0056): checks the archive whole (checksum,
 * key, GCM tag) before writing anything, refuses a target that holds data, then writes the
 * database (PGlite's directory, or pg_restore into an empty PostgreSQL database in one
 * transaction) and the stored files. Throws BackupArchiveError with a Spanish message on refusal.
 */
export async function restoreArchive(opts: {
  file: string;
  key: Buffer;
  dataDir: string;
  databaseUrl?: string;
}): Promise<BackupManifest> {
  const { manifest } = await verifyArchive(opts.file, opts.key);
  const kind = opts.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind) throw new BackupArchiveError(messages.backupRestoreKindMismatch);
  const filesDir = path.join(opts.dataDir, 'files');
  const empty =
    kind === 'pglite'
      ? await isEmptyDir(opts.dataDir)
      : // The files directory too, whether or not the archive carries files: a failed restore removes
        // it whole, which must never take files this run did not write.
        (await postgresIsEmpty(opts.databaseUrl!)) && (await isEmptyDir(filesDir));
  if (!empty) throw new BackupArchiveError(messages.backupRestoreTargetNotEmpty);

  const createdDataDir = !(await fs.stat(opts.dataDir).then(() => true, () => false));
  await fs.mkdir(opts.dataDir, { recursive: true, mode: 0o700 });
  try {
    await readArchive(opts.file, opts.key, (name): EntrySink => {
      if (name === PGLITE_ENTRY) {
        const chunks: Buffer[] = [];
        return {
          write: (b) => void chunks.push(b),
          async end() {
            const db = new PGlite(path.join(opts.dataDir, 'pgdata'), { loadDataDir: new Blob(chunks) });
            await db.waitReady;
            // Opening it replays what the snapshot's WAL holds; a query proves it opens.
            await db.query('select count(*) from patients');
            await db.close();
          },
        };
      }
      if (name === POSTGRES_ENTRY) {
        const restore = pgRestore(opts.databaseUrl!);
        const failed = restore.done.then(() => null, (err: unknown) => (err instanceof Error ? err : new Error(String(err))));
        return {
          async write(b) {
            if (!restore.stdin.write(b)) await Promise.race([once(restore.stdin, 'drain'), failed]);
          },
          async end() {
            restore.stdin.end();
            const err = await failed;
            if (err) throw err;
          },
        };
      }
      const file = FILE_ENTRY.exec(name);
      if (file) {
        const chunks: Buffer[] = [];
        return {
          write: (b) => void chunks.push(b),
          async end() {
            await fs.mkdir(path.join(filesDir, file[1]!), { recursive: true });
            await fs.writeFile(path.join(filesDir, file[1]!, file[2]!), Buffer.concat(chunks), { flag: 'wx' });
          },
        };
      }
      // The manifest (read by verifyArchive), or an entry a later format may add: skipped.
      return { write: () => undefined, end: () => undefined };
    });
  } catch (err) {
    // Half a restore is no restore: what this run wrote goes (the PostgreSQL side rolled back itself).
    if (kind === 'pglite') {
      if (createdDataDir) await fs.rm(opts.dataDir, { recursive: true, force: true });
      else for (const e of await fs.readdir(opts.dataDir)) await fs.rm(path.join(opts.dataDir, e), { recursive: true, force: true });
    } else await fs.rm(filesDir, { recursive: true, force: true });
    throw err;
  }
  return manifest;
}
