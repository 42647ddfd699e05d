import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type BackupStatus } from '@clinica/shared';
import { createTestApp, onPostgres, type CookieJar, type TestApp } from '../../../test/harness.js';
import { signIn } from '../media/media.test-helpers.js';
import { parseConfig } from '../../infra/config.js';
import { PRODUCTION_ENV } from '../../infra/production-env.test-support.js';
import { nextSlot } from './backups.service.js';

// Issue 26, item 2 (decision 0056): backups recorded and shown to administrators, the alert when the
// last good one is older than a day, retention, and no archive without a key. The archive's own
// checks are in backup-archive.test.ts; backup under load and restore in test/scale-out/backup-restore.test.ts.

const KEY = 'b2'.repeat(32);
const DAY = 24 * 3600_000;

async function statusOf(t: TestApp, jar: CookieJar) {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/backups', headers: { cookie: jar.header } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BackupStatus>();
}
const archives = async (dir: string) => (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.cbk')).sort();

describe('backups: the record, the alert and retention', () => {
  let t: TestApp;
  let admin: CookieJar;
  let backupDir: string;
  beforeAll(async () => {
    backupDir = await fs.mkdtemp(path.join(os.tmpdir(), 'clinica-bk-api-'));
    t = await createTestApp({ BACKUP_KEY: KEY, BACKUP_DIR: backupDir, BACKUP_KEEP: '2' });
    admin = await signIn(t, 'admin');
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(backupDir, { recursive: true, force: true });
  });

  it('with no backup yet, the administrators see none and the alert', async () => {
    expect(await statusOf(t, admin)).toEqual({
      ultima: null,
      ultima_correcta: null,
      alerta: true,
      hora_programada: null,
      conservar: 2,
      clave_configurada: true,
      recientes: [],
    });
  });

  it('a patient and a doctor cannot read the backups', async () => {
    for (const role of ['patient', 'doctor'] as const) {
      const jar = await signIn(t, role);
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/backups', headers: { cookie: jar.header } });
      expect(res.statusCode).toBe(401);
    }
  });

  it.skipIf(onPostgres)('a backup taken while serving is recorded with its size; the alert comes back a day later', async () => {
    const result = await t.app.backups.run('manual');
    expect(result).toMatchObject({ ok: true });
    const status = await statusOf(t, admin);
    expect(status.alerta).toBe(false);
    expect(status.ultima).toMatchObject({ resultado: 'ok', origen: 'manual', error: null });
    expect(status.ultima!.tamano_bytes).toBe((await fs.stat(path.join(backupDir, (await archives(backupDir))[0]!))).size);
    expect(status.ultima_correcta).toBe(status.ultima!.fin);
    // The archive is readable by its owner only.
    expect((await fs.stat(path.join(backupDir, (await archives(backupDir))[0]!))).mode & 0o077).toBe(0);
    t.clock.advance(DAY + 60_000);
    // A day later the session has ended too: a new sign-in sees the alert.
    admin = await signIn(t, 'admin');
    expect((await statusOf(t, admin)).alerta).toBe(true);
  });

  it.skipIf(onPostgres)('keeps BACKUP_KEEP archives, the newest; a second backup while one runs is refused', async () => {
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1000);
      expect(await t.app.backups.run('manual')).toMatchObject({ ok: true });
    }
    const kept = await archives(backupDir);
    expect(kept).toHaveLength(2);
    const newest = (await statusOf(t, admin)).recientes.slice(0, 2).map((r) => r.inicio.replace(/[:.]/g, '-'));
    expect(kept.map((n) => n.slice('clinica-backup-'.length, -'.cbk'.length)).reverse()).toEqual(newest);
    const [a, b] = await Promise.all([t.app.backups.run('manual'), t.app.backups.run('manual')]);
    expect(a.ok).toBe(true);
    expect(b).toEqual({ ok: false, error: messages.backupInProgress });
  });
});

describe.skipIf(onPostgres)('partial archives left by a killed backup', () => {
  let t: TestApp;
  let backupDir: string;
  const HOURS_AGO = (h: number) => new Date(Date.now() - h * 3600_000);
  const stale = (i: number) => `clinica-backup-2026-11-2${i}T08-00-00-000Z.cbk.partial`;
  // Another process (the PostgreSQL command, another instance) writing its archive right now.
  const live = 'clinica-backup-2026-11-27T09-00-00-000Z.cbk.partial';
  const leave = async (name: string, at: Date) => {
    await fs.writeFile(path.join(backupDir, name), 'medio archivo');
    await fs.utimes(path.join(backupDir, name), at, at);
  };
  beforeAll(async () => {
    backupDir = await fs.mkdtemp(path.join(os.tmpdir(), 'clinica-bk-partial-'));
    await leave(stale(1), HOURS_AGO(30));
    await leave(live, new Date());
    await leave('notas.partial', HOURS_AGO(30)); // not ours: never touched
    t = await createTestApp({ BACKUP_KEY: KEY, BACKUP_DIR: backupDir, BACKUP_KEEP: '1' });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(backupDir, { recursive: true, force: true });
  });

  it('at start, an abandoned partial archive is removed; one being written and files not ours stay', async () => {
    expect((await fs.readdir(backupDir)).sort()).toEqual([live, 'notas.partial']);
  });

  it('at the next run too; retention and the administrators\' card count only finished archives', async () => {
    await leave(stale(2), HOURS_AGO(2));
    await leave(stale(3), HOURS_AGO(2));
    for (let i = 0; i < 2; i++) {
      t.clock.advance(1000);
      expect(await t.app.backups.run('manual')).toMatchObject({ ok: true });
    }
    const left = (await fs.readdir(backupDir)).sort();
    const kept = await archives(backupDir);
    // BACKUP_KEEP=1: one finished archive, the newest, whatever partial files lie beside it.
    expect(kept).toHaveLength(1);
    expect(left).toEqual([...kept, live, 'notas.partial'].sort());
    const status = await statusOf(t, await signIn(t, 'admin'));
    expect(status.recientes).toHaveLength(2);
    expect(status.recientes.every((r) => r.resultado === 'ok')).toBe(true);
    expect(status.ultima!.tamano_bytes).toBe((await fs.stat(path.join(backupDir, kept[0]!))).size);
  });
});

describe('backups without BACKUP_KEY', () => {
  let t: TestApp;
  let backupDir: string;
  beforeAll(async () => {
    backupDir = await fs.mkdtemp(path.join(os.tmpdir(), 'clinica-bk-nokey-'));
    t = await createTestApp({ BACKUP_DIR: backupDir });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(backupDir, { recursive: true, force: true });
  });

  it('writes no archive and records the failed run with its reason, which the administrators see', async () => {
    expect(await t.app.backups.run('programada')).toEqual({ ok: false, error: messages.backupNoKey });
    expect(await archives(backupDir)).toEqual([]);
    const status = await statusOf(t, await signIn(t, 'admin'));
    expect(status).toMatchObject({ alerta: true, clave_configurada: false, ultima_correcta: null });
    expect(status.ultima).toMatchObject({ resultado: 'error', origen: 'programada', error: messages.backupNoKey, tamano_bytes: null });
  });
});

describe('backup configuration', () => {
  const PRODUCTION = PRODUCTION_ENV;

  it('schedules a daily backup at 3:00 in production, none by default elsewhere; keeps 7', () => {
    expect(parseConfig(PRODUCTION).backup).toMatchObject({ scheduleHour: 3, keep: 7, key: undefined });
    expect(parseConfig({}).backup).toMatchObject({ scheduleHour: null, keep: 7 });
    expect(parseConfig({ ...PRODUCTION, BACKUP_SCHEDULE_HOUR: 'off' }).backup.scheduleHour).toBeNull();
    expect(() => parseConfig({ BACKUP_SCHEDULE_HOUR: '24' })).toThrow(/BACKUP_SCHEDULE_HOUR/);
    expect(() => parseConfig({ BACKUP_KEY: 'corta' })).toThrow(/BACKUP_KEY debe ser 32 bytes/);
  });

  it('production refuses a demo backup key, and one equal to the file key', () => {
    expect(() => parseConfig({ ...PRODUCTION, BACKUP_KEY: '0'.repeat(64) })).toThrow(/BACKUP_KEY/);
    expect(() => parseConfig({ ...PRODUCTION, BACKUP_KEY: PRODUCTION.FILE_ENCRYPTION_KEY })).toThrow(
      /BACKUP_KEY: es igual a FILE_ENCRYPTION_KEY/,
    );
    expect(parseConfig({ ...PRODUCTION, BACKUP_KEY: '9f3a61c0d7e24b58a1f6c3e90b7d2a4f5e8c1b6d3a7f0e29c4b8d1a6f3e5c702' }).backup.key).toBeDefined();
  });

  it('the daily slot is the hour in Panama time (UTC-5), the next one after now', () => {
    expect(nextSlot(new Date('2026-11-27T07:59:00Z'), 3).toISOString()).toBe('2026-11-27T08:00:00.000Z');
    expect(nextSlot(new Date('2026-11-27T08:00:00Z'), 3).toISOString()).toBe('2026-11-28T08:00:00.000Z');
    expect(nextSlot(new Date('2026-11-27T23:30:00Z'), 21).toISOString()).toBe('2026-11-28T02:00:00.000Z');
  });
});
