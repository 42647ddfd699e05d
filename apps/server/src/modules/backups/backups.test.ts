import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type BackupStatus } from '@clinica/shared';
import { createTestApp, onPostgres, type CookieJar, type TestApp } from '../../../test/harness.js';
import { signIn } from '../media/media.test-helpers.js';
import { parseConfig } from '../../infra/config.js';
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
  const PRODUCTION = {
    NODE_ENV: 'production',
    PUBLIC_ORIGIN: 'https://clinica.example.pa',
    COOKIE_SECRET: 'f26Av3DAt2aBfIY+qyMHRnSFqV9RTOwMs/LRyEkTxOyoiA+o',
    ADMIN_REGISTRATION_KEY: 'clave-admin-de-produccion',
    DOCTOR_REGISTRATION_KEY: 'clave-doctor-de-produccion',
    FILE_ENCRYPTION_KEY: '1cdf005a727745c4af8cf8e0ddeed18d0d47c2164778021394e3a0ac395f07fd',
    CLINIC_BANK_ACCOUNTS: JSON.stringify([{ banco: 'Banco General', tipo: 'Ahorros', numero: '1', titular: 'Clínica' }]),
    SMTP_URL: 'smtps://usuario:clave@smtp.example.pa:465',
    MAIL_FROM: 'Clínica <no-reply@clinica.example.pa>',
    PAYPAL_CLIENT_ID: 'client-id-de-produccion',
    PAYPAL_CLIENT_SECRET: 'client-secret-de-produccion',
    YAPPY_MERCHANT_ID: 'comercio-clinica',
    YAPPY_SECRET_KEY: 'Y2xhdmUtaG1hYy1kZS1wcm9kdWNjaW9uLTIwMjYuY29tZXJjaW8tY2xpbmljYQ==',
    YAPPY_DOMAIN: 'https://clinica.example.pa',
    DOCUMENT_SIGNING_P12: '/etc/clinica/firma-documentos.p12',
    TURN_URLS: 'turns:turn.clinica.example.pa:443?transport=tcp',
    TURN_SECRET: 'b1e07c2a5f9d4c3e8a6b0d2f4e6a8c0b1d3f5a7c9e1b3d5f',
  };

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
