import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { createTestApp, onPostgres, type TestApp } from '../../../test/harness.js';
import { signIn } from '../media/media.test-helpers.js';
import { BackupArchiveError, readArchive, verifyArchive, writeArchive } from './backup-archive.js';
import { restoreArchive } from './backup-restore.js';

// The archive's promises (decision 0056, docs/security.md): encrypted (no plaintext of the
// database or files in it), authenticated (one changed byte refuses it), checked against its key
// before anything is written, restored only into an empty directory.

const KEY = Buffer.from('c3'.repeat(32), 'hex');
const OTHER_KEY = Buffer.from('d4'.repeat(32), 'hex');

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

describe.skipIf(onPostgres)('restoring a PGlite backup', () => {
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
  });
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
