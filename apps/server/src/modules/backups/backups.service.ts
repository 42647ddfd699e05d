import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { BACKUP_ALERT_AFTER_MS, messages } from '@clinica/shared';
import type { Config } from '../../infra/config.js';
import { MIGRATIONS_DIR, type Database } from '../../db/client.js';
import { MANIFEST_ENTRY, PARTIAL_STALE_MS, writeArchive, type BackupManifest } from './backup-archive.js';
import { listStoredFiles, pgDump } from './backup-sources.js';
import type { BackupsRepository } from './backups.repository.js';

/** Archives this module writes, and the only files its retention ever deletes. */
const ARCHIVE_NAME = /^clinica-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.cbk$/;
/** What a backup killed half-way leaves (writeArchive writes `<archive>.partial`, then renames it). */
const PARTIAL_NAME = /^clinica-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.cbk\.partial$/;
export const PGLITE_ENTRY = 'database/pgdata.tar.gz';
export const POSTGRES_ENTRY = 'database/postgres.pgdump';
export const FILES_PREFIX = 'files/';
/** Panama keeps UTC-5 all year (no daylight saving time). */
const PANAMA_OFFSET_HOURS = 5;

export type BackupResult = { ok: true; archivo: string; size: number } | { ok: false; error: string };

function versionOf(pkg: string) {
  try {
    return (createRequire(import.meta.url)(`${pkg}/package.json`) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

/** The journal's tag of the last applied migration (drizzle keeps only its time and hash). */
async function migrationTag(createdAt: number | null) {
  if (createdAt === null) return null;
  const journal = JSON.parse(await fs.readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  return journal.entries.find((e) => e.when === createdAt)?.tag ?? String(createdAt);
}

/** The next daily slot at `hour` (Panama time) strictly after `from`. */
export function nextSlot(from: Date, hour: number) {
  const slot = new Date(from);
  slot.setUTCHours(hour + PANAMA_OFFSET_HOURS, 0, 0, 0);
  while (slot <= from) slot.setUTCDate(slot.getUTCDate() + 1);
  while (slot.getTime() - from.getTime() > 24 * 3600_000) slot.setUTCDate(slot.getUTCDate() - 1);
  return slot;
}

/**
 * Backups (issue 26, decision 0056): writes an encrypted archive of the database and the stored
 * files while the server serves, records every run, keeps BACKUP_KEEP archives, and says how
 * recent the last good one is.
 */
export function backupsService(deps: {
  repo: BackupsRepository;
  config: Pick<Config, 'backup' | 'dataDir' | 'databaseUrl' | 'storageDriver'>;
  database: Database;
  now: () => Date;
  log?: { error(obj: object, msg: string): void; info(obj: object, msg: string): void };
}) {
  const { repo, config, database } = deps;
  let running: Promise<BackupResult> | null = null;

  async function writeOne(file: string, key: Buffer) {
    return writeArchive(file, key, async (w) => {
      const counts = await repo.counts();
      const migrations = await repo.migrations();
      const serverVersion = await repo.serverVersion();
      let entry: string;
      if (database.kind === 'pglite') {
        if (!database.snapshot) throw new Error('PGlite sin snapshot');
        entry = PGLITE_ENTRY;
        await w.entry(entry, new Uint8Array(await (await database.snapshot()).arrayBuffer()));
      } else {
        if (!config.databaseUrl) throw new Error('PostgreSQL sin DATABASE_URL');
        entry = POSTGRES_ENTRY;
        const dump = pgDump(config.databaseUrl);
        // A failed pg_dump ends its stream early; its exit status is what tells.
        const failed = dump.done.then(() => null, (err: unknown) => (err instanceof Error ? err : new Error(String(err))));
        await w.entry(entry, dump.stream);
        const err = await failed;
        if (err) throw err;
      }
      // Files are copied after the database: a row in the snapshot whose bytes were written just
      // after its commit (a document) finds them; a file newer than the snapshot is only an orphan.
      const files = { count: 0, bytes: 0 };
      if (config.storageDriver === 'local') {
        const dir = path.join(config.dataDir, 'files');
        for (const rel of await listStoredFiles(dir)) {
          let bytes: Buffer;
          try {
            bytes = await fs.readFile(path.join(dir, rel));
          } catch (err) {
            if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue; // deleted meanwhile
            throw err;
          }
          await w.entry(FILES_PREFIX + rel.split(path.sep).join('/'), bytes);
          files.count += 1;
          files.bytes += bytes.length;
        }
      }
      const manifest: BackupManifest = {
        format: 1,
        createdAt: deps.now().toISOString(),
        versions: { node: process.version, pglite: versionOf('@electric-sql/pglite'), drizzle: versionOf('drizzle-orm') },
        database: { kind: database.kind, serverVersion, entry },
        migrations: { count: migrations.count, last: await migrationTag(migrations.lastCreatedAt) },
        storageDriver: config.storageDriver,
        counts,
        files,
      };
      await w.entry(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)));
    });
  }

  /** Deletes the oldest archives beyond BACKUP_KEEP (only this module's, by name). */
  async function prune() {
    const names = (await fs.readdir(config.backup.dir)).filter((n) => ARCHIVE_NAME.test(n)).sort();
    for (const name of names.slice(0, Math.max(0, names.length - config.backup.keep))) {
      await fs.rm(path.join(config.backup.dir, name), { force: true });
    }
  }

  /**
   * Removes `.partial` archives a killed backup left: they are never backups (retention and the
   * record count only finished ones) but each can be as big as one. Only those untouched for
   * PARTIAL_STALE_MS: another process (the PostgreSQL command, another instance) may be writing one
   * now, and a live write keeps its file's time fresh (writeArchive's heartbeat). File times are
   * the disk's, so the real clock, not the app's.
   */
  async function prunePartials() {
    let names: string[];
    try {
      names = (await fs.readdir(config.backup.dir)).filter((n) => PARTIAL_NAME.test(n));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const name of names) {
      const file = path.join(config.backup.dir, name);
      const stat = await fs.stat(file).catch(() => null);
      if (stat && Date.now() - stat.mtimeMs > PARTIAL_STALE_MS) {
        await fs.rm(file, { force: true });
        deps.log?.info({ archivo: name }, 'abandoned partial backup removed');
      }
    }
  }

  async function runOnce(origen: 'programada' | 'manual'): Promise<BackupResult> {
    const started = deps.now();
    const key = config.backup.key;
    let result: BackupResult;
    if (!key) {
      result = { ok: false, error: messages.backupNoKey };
    } else {
      const archivo = `clinica-backup-${started.toISOString().replace(/[:.]/g, '-')}.cbk`;
      try {
        await fs.mkdir(config.backup.dir, { recursive: true, mode: 0o700 });
        await prunePartials();
        const size = await writeOne(path.join(config.backup.dir, archivo), key);
        result = { ok: true, archivo, size };
      } catch (err) {
        deps.log?.error({ err }, 'backup failed');
        result = { ok: false, error: (err instanceof Error ? err.message : String(err)).slice(0, 500) };
      }
    }
    await repo.record({
      started_at: started,
      finished_at: deps.now(),
      origen,
      resultado: result.ok ? 'ok' : 'error',
      archivo: result.ok ? result.archivo : null,
      size_bytes: result.ok ? result.size : null,
      error: result.ok ? null : result.error,
    });
    if (result.ok) {
      deps.log?.info({ archivo: result.archivo, size: result.size }, 'backup written');
      await prune();
    }
    return result;
  }

  return {
    prunePartials,

    /** One backup now; a second call while one runs is refused (BackupResult with backupInProgress). */
    async run(origen: 'programada' | 'manual'): Promise<BackupResult> {
      if (running) return { ok: false, error: messages.backupInProgress };
      running = runOnce(origen);
      try {
        return await running;
      } finally {
        running = null;
      }
    },

    async status() {
      const [recent, lastSuccess] = await Promise.all([repo.recent(10), repo.lastSuccess()]);
      return {
        recent,
        lastSuccess,
        alert: !lastSuccess || deps.now().getTime() - lastSuccess.getTime() > BACKUP_ALERT_AFTER_MS,
        scheduleHour: config.backup.scheduleHour,
        keep: config.backup.keep,
        keyConfigured: Boolean(config.backup.key),
      };
    },

    /**
     * The daily schedule (BACKUP_SCHEDULE_HOUR, Panama time), on real timers. With several
     * instances on PostgreSQL a slot someone already took is skipped (a run recorded since it).
     */
    startSchedule(): () => void {
      const hour = config.backup.scheduleHour;
      if (hour === null) return () => undefined;
      let timer: NodeJS.Timeout | undefined;
      let stopped = false;
      const arm = () => {
        if (stopped) return;
        const slot = nextSlot(new Date(), hour);
        timer = setTimeout(() => {
          void (async () => {
            try {
              if (!(await repo.scheduledSince(new Date(slot.getTime() - 60_000)))) await this.run('programada');
            } catch (err) {
              deps.log?.error({ err }, 'scheduled backup failed');
            }
            arm();
          })();
        }, slot.getTime() - Date.now());
        timer.unref();
      };
      arm();
      return () => {
        stopped = true;
        clearTimeout(timer);
      };
    },
  };
}

export type BackupsService = ReturnType<typeof backupsService>;
