import { execFile } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { PNG_1X1 } from '../harness.js';
import {
  Browser,
  createApprover,
  hasServices,
  newPgDatabase,
  patient,
  registerPatient,
  staff,
  startInstance,
  weekdayAhead,
  type Instance,
} from './instances.js';

// Issue 26, item 3 (decision 0056): a write load runs while `npm run backup` takes a backup of the
// serving product; the archive restores (`npm run restore`) into a new directory or database;
// every write acknowledged before the backup began is there, and the restored product starts and
// serves a patient's records, receipt file included. On PGlite (the server's own snapshot, asked
// over its socket) and on PostgreSQL 15 (pg_dump / pg_restore).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const BACKUP_KEY = 'a1'.repeat(32);
const WORKERS = 3;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs one of the server's commands (backup, restore) as `npm run` would. */
function command(name: 'backup' | 'restore', env: Record<string, string>, args: string[] = []) {
  return new Promise<{ code: number; out: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `apps/server/src/${name}.ts`, ...args],
      { cwd: root, env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env } },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
    );
  });
}

interface Acked {
  correo: string;
  at: number;
}

/** The load, the backup in the middle of it, and what was acknowledged when. */
async function backupUnderLoad(inst: Instance, backupEnv: Record<string, string>) {
  const doc = await staff(inst.url, 'doctor');
  const viewer = await patient(inst.url);
  const doctors = await viewer.browser.json<{ id: string; nombre: string }[]>('GET', '/api/doctors?servicio=consulta_general');
  const doctorId = doctors.body.find((d) => d.nombre === doc.nombre)!.id;
  const fecha = weekdayAhead(3);
  const hours = await viewer.browser.json<string[]>('GET', `/api/appointments/hours?id=${doctorId}&fecha=${fecha}`);
  // The patient whose records the restored product must serve: a booking with its receipt file.
  const booked = await patient(inst.url);
  const booking = await booked.browser.form(
    '/api/appointments/receipt',
    { servicio: 'consulta_general', id_doctor: doctorId, fecha, hora: hours.body[0]!, mensaje: 'Control', metodo_de_pago: 'Transferencia', monto: '10' },
    [{ field: 'comprobante_tranferencia', filename: 'r.png', bytes: PNG_1X1 }],
  );
  expect(booking.status, booking.text).toBe(200);

  const acked: Acked[] = [];
  let stop = false;
  const errors: string[] = [];
  const worker = async () => {
    while (!stop) {
      const r = await registerPatient(inst.url);
      if (r.status === 201) acked.push({ correo: r.correo, at: Date.now() });
      else errors.push(`${r.status}: ${r.text}`);
    }
  };
  const workers = Array.from({ length: WORKERS }, () => worker());
  let began = 0;
  let ended = 0;
  let result: { code: number; out: string };
  try {
    while (acked.length < 6) await sleep(50);
    began = Date.now();
    result = await command('backup', backupEnv);
    ended = Date.now();
    // A little more load after it: writes the archive must not need.
    await sleep(500);
  } finally {
    stop = true;
    await Promise.all(workers);
  }
  expect(errors).toEqual([]);
  expect(result.code, result.out).toBe(0);
  const before = acked.filter((a) => a.at < began);
  const during = acked.filter((a) => a.at >= began && a.at <= ended);
  return { booked, before, during, acked, out: result.out, ms: ended - began };
}

/** The restored product serves the booked patient's appointment and its receipt file. */
async function servesPatient(inst: Instance, booked: { correo: string; password: string }) {
  const b = new Browser(inst.url);
  const login = await b.json('POST', '/api/auth/login', { email: booked.correo, password: booked.password });
  expect(login.status, login.text).toBe(200);
  const list = await b.json<{ items: { servicio: string }[] }>('GET', '/api/appointments');
  expect(list.status, list.text).toBe(200);
  expect(list.body.items).toHaveLength(1);
  const receipts = await b.json<{ token: string }[]>('GET', '/api/receipts');
  expect(receipts.body).toHaveLength(1);
  const file = await b.call('GET', `/api/receipts/${receipts.body[0]!.token}/comprobante`);
  expect(file.status).toBe(200);
  expect(Buffer.from(await file.arrayBuffer()).equals(PNG_1X1)).toBe(true);
}

describe('backups under a write load restore whole (issue 26)', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c().catch(() => undefined);
  });

  it('PGlite: the serving process snapshots itself; the archive restores into a new directory and serves', async () => {
    const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'clinica-bk-pglite-'));
    const backupDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'clinica-bk-out-'));
    const restoredDir = path.join(await fsp.mkdtemp(path.join(os.tmpdir(), 'clinica-bk-restored-')), 'data');
    cleanup.push(() => fsp.rm(dataDir, { recursive: true, force: true }));
    cleanup.push(() => fsp.rm(backupDir, { recursive: true, force: true }));
    cleanup.push(() => fsp.rm(path.dirname(restoredDir), { recursive: true, force: true }));
    await createApprover({ dataDir });
    const env = { BACKUP_KEY, BACKUP_DIR: backupDir };
    const inst = await startInstance(env, { dataDir });
    cleanup.push(() => inst.kill('SIGKILL'));
    const run = await backupUnderLoad(inst, { ...env, DATA_DIR: dataDir });
    // The server kept answering while it took the backup.
    expect(run.during.length).toBeGreaterThan(0);
    await inst.kill('SIGTERM');

    const [archive] = (await fsp.readdir(backupDir)).filter((n) => n.endsWith('.cbk'));
    expect(archive).toBeDefined();
    const restore = await command('restore', { ...env, DATA_DIR: restoredDir }, [path.join(backupDir, archive!)]);
    expect(restore.code, restore.out).toBe(0);

    const db = new PGlite(path.join(restoredDir, 'pgdata'));
    try {
      const rows = (await db.query<{ correo: string }>('select correo from patients where correo = any($1)', [run.before.map((a) => a.correo)])).rows;
      expect(new Set(rows.map((r) => r.correo))).toEqual(new Set(run.before.map((a) => a.correo)));
      const recorded = (await db.query<{ resultado: string }>('select resultado from backup_runs')).rows;
      // The run is recorded after the snapshot: the restored copy does not carry its own record.
      expect(recorded).toEqual([]);
    } finally {
      await db.close();
    }
    const restored = await startInstance({ BACKUP_KEY }, { dataDir: restoredDir });
    cleanup.push(() => restored.kill('SIGKILL'));
    await servesPatient(restored, run.booked);
    await restored.kill('SIGTERM');
    console.log(
      `PGlite backup under load: ${run.before.length} registrations before, ${run.during.length} during the ${run.ms} ms backup; ${run.out.trim()}`,
    );
  });

  it.skipIf(!hasServices)('PostgreSQL 15: pg_dump under load; pg_restore into an empty database; it serves', async () => {
    const source = await newPgDatabase('clinica_bk_src');
    const target = await newPgDatabase('clinica_bk_dst');
    cleanup.push(() => source.close());
    cleanup.push(() => target.close());
    const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'clinica-bk-pg-'));
    const backupDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'clinica-bk-out-'));
    const restoredDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'clinica-bk-pg-restored-'));
    for (const d of [dataDir, backupDir, restoredDir]) cleanup.push(() => fsp.rm(d, { recursive: true, force: true }));
    await createApprover({ databaseUrl: source.url });
    const env = { BACKUP_KEY, BACKUP_DIR: backupDir, STORAGE_DRIVER: 'postgres' };
    const inst = await startInstance({ ...env, DATABASE_URL: source.url }, { dataDir });
    cleanup.push(() => inst.kill('SIGKILL'));
    const run = await backupUnderLoad(inst, { ...env, DATABASE_URL: source.url, DATA_DIR: dataDir });
    expect(run.during.length).toBeGreaterThan(0);
    await inst.kill('SIGTERM');
    const recorded = await source.query<{ resultado: string; size_bytes: string }>('select resultado, size_bytes::text from backup_runs');
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.resultado).toBe('ok');

    const [archive] = (await fsp.readdir(backupDir)).filter((n) => n.endsWith('.cbk'));
    const restore = await command('restore', { ...env, DATABASE_URL: target.url, DATA_DIR: restoredDir }, [path.join(backupDir, archive!)]);
    expect(restore.code, restore.out).toBe(0);
    const rows = await target.query<{ correo: string }>('select correo from patients where correo = any($1)', [run.before.map((a) => a.correo)]);
    expect(new Set(rows.map((r) => r.correo))).toEqual(new Set(run.before.map((a) => a.correo)));
    // A second restore into the same (now full) database is refused and changes nothing.
    const again = await command('restore', { ...env, DATABASE_URL: target.url, DATA_DIR: restoredDir }, [path.join(backupDir, archive!)]);
    expect(again.code).toBe(1);
    expect(again.out).toContain('Solo se restaura en un directorio de datos vacío o una base de datos vacía');

    const restored = await startInstance({ ...env, DATABASE_URL: target.url }, { dataDir: restoredDir });
    cleanup.push(() => restored.kill('SIGKILL'));
    await servesPatient(restored, run.booked);
    await restored.kill('SIGTERM');
    console.log(
      `PostgreSQL backup under load: ${run.before.length} registrations before, ${run.during.length} during the ${run.ms} ms backup; ${run.out.trim()}`,
    );
  });
});
