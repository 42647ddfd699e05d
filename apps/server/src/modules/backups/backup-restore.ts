import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
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
 * Copies the archive, reading it once, into a new private directory (mkdtemp: 0700; the copy 0600)
 * under the system's temporary directory (TMPDIR). Every later read (the check, then the writing)
 * is of this copy, so whoever can rewrite the archive where it lies cannot swap it between the
 * check and the writing. The copy stays ciphertext: no patient data lands in plain on the disk.
 */
async function privateCopy(file: string): Promise<{ file: string; dispose(): Promise<void> }> {
  const source = await fs.open(file, 'r').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT' || err.code === 'EISDIR') throw new BackupArchiveError(messages.backupArchiveMissing);
    throw err;
  });
  let dir: string;
  try {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'clinica-restore-'));
  } catch (err) {
    await source.close();
    throw err;
  }
  const dispose = () => fs.rm(dir, { recursive: true, force: true });
  const copy = path.join(dir, 'archive.cbk');
  try {
    const target = await fs.open(copy, 'wx', 0o600);
    await pipeline(source.createReadStream(), target.createWriteStream());
  } catch (err) {
    await dispose();
    throw err;
  } finally {
    await source.close().catch(() => undefined);
  }
  return { file: copy, dispose };
}

/** Test seams: what happens between the check and the writing, and a stored file's write failing. */
export interface RestoreHooks {
  /** Called with the private copy's path, after the check and before anything is written. */
  afterVerify?: (copy: string) => Promise<void> | void;
  beforeFile?: (entry: string) => Promise<void> | void;
}

/**
 * `npm run restore -w @clinica/server FILE` (decision 0056): copies the archive privately, checks
 * the copy whole (checksum, key, GCM tag) before writing anything, refuses a target that holds
 * data, then writes the database (PGlite's directory, or pg_restore into an empty PostgreSQL
 * database in one transaction) and the stored files. A failure leaves the target as it was (empty),
 * so the same restore can be run again. Throws BackupArchiveError with a Spanish message on refusal.
 */
export async function restoreArchive(opts: {
  file: string;
  key: Buffer;
  dataDir: string;
  databaseUrl?: string;
  hooks?: RestoreHooks;
}): Promise<BackupManifest> {
  const copy = await privateCopy(opts.file);
  try {
    return await restoreCopy({ ...opts, file: copy.file });
  } finally {
    await copy.dispose();
  }
}

async function restoreCopy(opts: {
  file: string;
  key: Buffer;
  dataDir: string;
  databaseUrl?: string;
  hooks?: RestoreHooks;
}): Promise<BackupManifest> {
  const { manifest } = await verifyArchive(opts.file, opts.key);
  await opts.hooks?.afterVerify?.(opts.file);
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

  const skip: EntrySink = { write: () => undefined, end: () => undefined };
  const storedFile = (name: string): EntrySink | null => {
    const file = FILE_ENTRY.exec(name);
    if (!file) return null;
    const chunks: Buffer[] = [];
    return {
      write: (b) => void chunks.push(b),
      async end() {
        await opts.hooks?.beforeFile?.(name);
        await fs.mkdir(path.join(filesDir, file[1]!), { recursive: true });
        await fs.writeFile(path.join(filesDir, file[1]!, file[2]!), Buffer.concat(chunks), { flag: 'wx' });
      },
    };
  };

  const createdDataDir = !(await fs.stat(opts.dataDir).then(() => true, () => false));
  await fs.mkdir(opts.dataDir, { recursive: true, mode: 0o700 });
  try {
    if (kind === 'pglite') {
      // One pass: the database directory, then the files; a failure removes the directory's content.
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
        // The manifest (read by verifyArchive), or an entry a later format may add: skipped.
        return storedFile(name) ?? skip;
      });
    } else {
      // PostgreSQL commits last: the stored files first (a failure there leaves the database
      // untouched), then pg_restore in one transaction, and nothing is read after its commit. So
      // no failure can leave a restored database behind that a retry would find "not empty".
      await readArchive(opts.file, opts.key, (name) => storedFile(name) ?? skip);
      await readArchive(
        opts.file,
        opts.key,
        (name): EntrySink => {
          if (name !== POSTGRES_ENTRY) return skip;
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
        },
        { stopAfter: POSTGRES_ENTRY },
      );
    }
  } catch (err) {
    // Half a restore is no restore: what this run wrote goes (pg_restore's transaction rolled back).
    if (kind === 'pglite') {
      if (createdDataDir) await fs.rm(opts.dataDir, { recursive: true, force: true });
      else for (const e of await fs.readdir(opts.dataDir)) await fs.rm(path.join(opts.dataDir, e), { recursive: true, force: true });
    } else await fs.rm(filesDir, { recursive: true, force: true });
    throw err;
  }
  return manifest;
}
