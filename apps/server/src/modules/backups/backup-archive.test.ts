import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createTestApp, onPostgres, pgUrlFor, type TestApp } from '../../../test/harness.js';
import { signIn } from '../media/media.test-helpers.js';
import { BackupArchiveError, readArchive, verifyArchive, writeArchive } from './backup-archive.js';
import { restoreArchive } from './backup-restore.js';
import { backupNow } from './index.js';

// The archive's promises (decision 0056, docs/security.md): encrypted (no plaintext of the
// database or files in it), authenticated (one changed byte refuses it), checked against its key
// before anything is written, restored only into an empty directory.

const KEY = Buffer.from('c3'.repeat(32), 'hex');
const OTHER_KEY = Buffer.from('d4'.repeat(32), 'hex');

// A restore opens PGlite (or runs pg_restore) and reads the archive two or three times: beside a
// build or the whole suite on two shared cores that took up to 40 s.
const RESTORE_TIMEOUT = 120_000;

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(BackupArchiveError);
  return (err as Error).message;
};

describe('the backup archive', () => {
  let tmp: string;
  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'clinica-bk-archive-'));
  });
  afterAll(async () => fs.rm(tmp, { recursive: true, force: true }));

  const sample = async (name: string) => {
    const file = path.join(tmp, name);
    await writeArchive(file, KEY, async (w) => {
      await w.entry('files/ab/texto', Buffer.from('Cédula 8-123-4567, historia clínica de la paciente'));
      await w.entry('manifest.json', Buffer.from(JSON.stringify({ format: 1 })));
    });
    return file;
  };

  it('holds its entries encrypted: the plaintext appears nowhere in the file', async () => {
    const file = await sample('plain.cbk');
    const bytes = await fs.readFile(file);
    expect(bytes.includes(Buffer.from('8-123-4567'))).toBe(false);
    expect(bytes.includes(Buffer.from('manifest.json'))).toBe(false);
    const got = new Map<string, string>();
    await readArchive(file, KEY, (name) => {
      let text = '';
      return { write: (b) => void (text += b.toString()), end: () => void got.set(name, text) };
    });
    expect(got.get('files/ab/texto')).toBe('Cédula 8-123-4567, historia clínica de la paciente');
  });

  it('refuses a wrong key, a changed byte (checksum, then GCM tag) and a cut file, each with its Spanish reason', async () => {
    const file = await sample('checks.cbk');
    expect(await refusal(verifyArchive(file, OTHER_KEY))).toBe(messages.backupArchiveWrongKey);
    const bytes = await fs.readFile(file);
    const flipped = Buffer.from(bytes);
    flipped[40] = flipped[40]! ^ 1;
    await fs.writeFile(path.join(tmp, 'flipped.cbk'), flipped);
    expect(await refusal(verifyArchive(path.join(tmp, 'flipped.cbk'), KEY))).toBe(messages.backupArchiveDamaged);
    // A changed byte with a recomputed checksum (a forger without the key): the GCM tag refuses it.
    const { createHash } = await import('node:crypto');
    const body = flipped.subarray(0, flipped.length - 32);
    const forged = Buffer.concat([body, createHash('sha256').update(body).digest()]);
    await fs.writeFile(path.join(tmp, 'forged.cbk'), forged);
    expect(await refusal(verifyArchive(path.join(tmp, 'forged.cbk'), KEY))).toBe(messages.backupArchiveDamaged);
    await fs.writeFile(path.join(tmp, 'cut.cbk'), bytes.subarray(0, bytes.length - 10));
    expect(await refusal(verifyArchive(path.join(tmp, 'cut.cbk'), KEY))).toBe(messages.backupArchiveDamaged);
    expect(await refusal(verifyArchive(path.join(tmp, 'absent.cbk'), KEY))).toBe(messages.backupArchiveMissing);
  });
});

describe.skipIf(onPostgres)('restoring a PGlite backup', { timeout: RESTORE_TIMEOUT }, () => {
  let t: TestApp;
  let backupDir: string;
  let archive: string;
  beforeAll(async () => {
    backupDir = await fs.mkdtemp(path.join(os.tmpdir(), 'clinica-bk-restore-'));
    t = await createTestApp({ BACKUP_KEY: KEY.toString('hex'), BACKUP_DIR: backupDir });
    await signIn(t, 'patient'); // a patient and the cédula image file
    const result = await t.app.backups.run('manual');
    if (!result.ok) throw new Error(result.error);
    archive = path.join(backupDir, result.archivo);
  }, RESTORE_TIMEOUT);
  afterAll(async () => {
    await t.close();
    await fs.rm(backupDir, { recursive: true, force: true });
  });

  it('a wrong key or a damaged archive writes nothing into the target', async () => {
    const target = path.join(backupDir, 'target-refused');
    expect(await refusal(restoreArchive({ file: archive, key: OTHER_KEY, dataDir: target }))).toBe(messages.backupArchiveWrongKey);
    const bytes = await fs.readFile(archive);
    bytes[bytes.length - 100] = bytes[bytes.length - 100]! ^ 0xff;
    await fs.writeFile(path.join(backupDir, 'damaged.cbk'), bytes);
    expect(await refusal(restoreArchive({ file: path.join(backupDir, 'damaged.cbk'), key: KEY, dataDir: target }))).toBe(
      messages.backupArchiveDamaged,
    );
    await expect(fs.stat(target)).rejects.toThrow(/ENOENT/);
  });

  it('refuses a data directory that holds anything, and a PGlite archive for PostgreSQL, touching neither', async () => {
    const full = path.join(backupDir, 'target-full');
    await fs.mkdir(full);
    await fs.writeFile(path.join(full, 'algo.txt'), 'x');
    expect(await refusal(restoreArchive({ file: archive, key: KEY, dataDir: full }))).toBe(messages.backupRestoreTargetNotEmpty);
    expect(await fs.readdir(full)).toEqual(['algo.txt']);
    expect(
      await refusal(restoreArchive({ file: archive, key: KEY, dataDir: path.join(backupDir, 'pg'), databaseUrl: 'postgres://x@127.0.0.1:1/x' })),
    ).toBe(messages.backupRestoreKindMismatch);
  });

  it('restores the database and the stored files into an empty directory', async () => {
    const target = path.join(backupDir, 'target-ok');
    const manifest = await restoreArchive({ file: archive, key: KEY, dataDir: target });
    expect(manifest.database.kind).toBe('pglite');
    expect(manifest.counts.patients).toBeGreaterThanOrEqual(1);
    expect(manifest.migrations.last).toMatch(/^\d{4}_/);
    expect(manifest.files.count).toBeGreaterThanOrEqual(1);
    const restoredFiles = await fs.readdir(path.join(target, 'files'), { recursive: true });
    const originalFiles = await fs.readdir(path.join(t.dataDir, 'files'), { recursive: true });
    expect(restoredFiles.sort()).toEqual(originalFiles.sort());
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite(path.join(target, 'pgdata'));
    try {
      const { rows } = await db.query<{ n: number }>('select count(*)::int as n from patients');
      expect(rows[0]!.n).toBe(manifest.counts.patients);
    } finally {
      await db.close();
    }
  });
});

/** Patients in a restored PGlite directory. */
async function pglitePatients(dataDir: string) {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(path.join(dataDir, 'pgdata'));
  try {
    return (await db.query<{ n: number }>('select count(*)::int as n from patients')).rows[0]!.n;
  } finally {
    await db.close();
  }
}

describe.skipIf(onPostgres)('the archive is read once, from a private copy', { timeout: RESTORE_TIMEOUT }, () => {
  let t: TestApp;
  let backupDir: string;
  let before: string;
  let after: string;
  beforeAll(async () => {
    backupDir = await fs.mkdtemp(path.join(os.tmpdir(), 'clinica-bk-once-'));
    t = await createTestApp({ BACKUP_KEY: KEY.toString('hex'), BACKUP_DIR: backupDir });
    const first = await t.app.backups.run('manual');
    if (!first.ok) throw new Error(first.error);
    before = path.join(backupDir, first.archivo);
    t.clock.advance(1000);
    await signIn(t, 'patient');
    const second = await t.app.backups.run('manual');
    if (!second.ok) throw new Error(second.error);
    after = path.join(backupDir, second.archivo);
  }, RESTORE_TIMEOUT);
  afterAll(async () => {
    await t.close();
    await fs.rm(backupDir, { recursive: true, force: true });
  });

  it('an archive swapped for another valid one after it was checked changes nothing: the checked one is restored', async () => {
    const checked = (await verifyArchive(after, KEY)).manifest;
    const older = (await verifyArchive(before, KEY)).manifest;
    expect(checked.counts.patients).toBe((older.counts.patients ?? 0) + 1);
    const file = path.join(backupDir, 'swapped.cbk');
    await fs.copyFile(after, file);
    const target = path.join(backupDir, 'target-swapped');
    // Someone able to rewrite the archive puts an older, genuine one (same key) in its place between
    // the check and the writing: a rollback the key alone cannot notice.
    let copy = '';
    const manifest = await restoreArchive({
      file,
      key: KEY,
      dataDir: target,
      hooks: {
        afterVerify: async (privateCopy) => {
          copy = privateCopy;
          // The copy is the owner's alone, in a directory only the owner can enter.
          expect((await fs.stat(privateCopy)).mode & 0o777).toBe(0o600);
          expect((await fs.stat(path.dirname(privateCopy))).mode & 0o777).toBe(0o700);
          await fs.copyFile(before, file);
        },
      },
    });
    expect(copy).not.toBe(file);
    await expect(fs.stat(path.dirname(copy))).rejects.toThrow(/ENOENT/); // removed afterwards
    expect(manifest.createdAt).toBe(checked.createdAt);
    expect(await pglitePatients(target)).toBe(checked.counts.patients);
    expect((await fs.readdir(path.join(target, 'files'), { recursive: true })).length).toBeGreaterThan(0);
  });

  it('a damaged archive swapped in after the check is not read either', async () => {
    const file = path.join(backupDir, 'damaged-later.cbk');
    await fs.copyFile(after, file);
    const target = path.join(backupDir, 'target-damaged-later');
    await restoreArchive({
      file,
      key: KEY,
      dataDir: target,
      hooks: { afterVerify: () => fs.writeFile(file, 'nada') },
    });
    expect(await pglitePatients(target)).toBe((await verifyArchive(after, KEY)).manifest.counts.patients);
  });
});

describe.skipIf(!onPostgres)('restoring a PostgreSQL backup', { timeout: RESTORE_TIMEOUT }, () => {
  let t: TestApp;
  let backupDir: string;
  let archive: string;
  const target = `clinica_bk_dst_${Date.now().toString(36)}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: pgUrlFor('postgres') });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  const tablesIn = async (database: string) => {
    const client = new pg.Client({ connectionString: pgUrlFor(database) });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`,
      );
      const schemas = await client.query<{ nspname: string }>(
        `select nspname from pg_namespace where nspname not in ('pg_catalog', 'information_schema', 'public')
         and nspname not like 'pg_toast%' and nspname not like 'pg_temp%'`,
      );
      return { relations: rows[0]!.n, schemas: schemas.rows.map((r) => r.nspname) };
    } finally {
      await client.end();
    }
  };
  beforeAll(async () => {
    backupDir = await fs.mkdtemp(path.join(os.tmpdir(), 'clinica-bk-pg-'));
    t = await createTestApp({ BACKUP_KEY: KEY.toString('hex'), BACKUP_DIR: backupDir });
    await signIn(t, 'patient'); // a patient and the cédula image file (local storage)
    // The app's own database (the harness made it from the template): pg_dump needs its URL.
    const answer: unknown = await t.app.db.execute(sql`select current_database() as name`);
    const [row] = (answer as { rows: { name: string }[] }).rows;
    const result = await backupNow(t.app.database, { ...t.app.config, databaseUrl: pgUrlFor(row!.name) });
    if (!result.ok) throw new Error(result.error);
    archive = path.join(backupDir, result.archivo);
    await admin(`CREATE DATABASE ${target}`);
  }, RESTORE_TIMEOUT);
  afterAll(async () => {
    await t.close();
    await admin(`DROP DATABASE IF EXISTS ${target} WITH (FORCE)`);
    await fs.rm(backupDir, { recursive: true, force: true });
  });

  it('a restore that fails while writing the stored files leaves the database empty, and the retry restores', async () => {
    const dataDir = path.join(backupDir, 'restored');
    const databaseUrl = pgUrlFor(target);
    const failed = restoreArchive({
      file: archive,
      key: KEY,
      dataDir,
      databaseUrl,
      hooks: {
        beforeFile: () => {
          throw new Error('ENOSPC: no queda espacio en el disco');
        },
      },
    });
    await expect(failed).rejects.toThrow(/ENOSPC/);
    expect(await tablesIn(target)).toEqual({ relations: 0, schemas: [] });
    await expect(fs.stat(path.join(dataDir, 'files'))).rejects.toThrow(/ENOENT/);

    const manifest = await restoreArchive({ file: archive, key: KEY, dataDir, databaseUrl });
    expect(manifest.files.count).toBeGreaterThanOrEqual(1);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>('select count(*)::int as n from patients');
      expect(rows[0]!.n).toBe(manifest.counts.patients);
    } finally {
      await client.end();
    }
    expect((await fs.readdir(path.join(dataDir, 'files'), { recursive: true, withFileTypes: true })).filter((e) => e.isFile())).toHaveLength(
      manifest.files.count,
    );
  });
});
