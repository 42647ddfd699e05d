import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/infra/config.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { buildApp } from '../../src/app.js';
import { chatRepository } from '../../src/modules/chat/chat.repository.js';
import { rotateFileKey } from '../../src/db/rotate-file-key.js';
import { sealColumns } from '../../src/db/seal-columns.js';
import { patients } from '../../src/db/schema.js';
import { matchesBlindIndex, sealText } from '../../src/db/field-crypto.js';
import { TestClock, freshDatabase, onPostgres, pgUrlFor, type TestApp } from '../harness.js';
import { call, consultation, patient, select, staffMember } from '../../src/modules/records/records.test-support.js';
import { bookByReceipt, DAYS } from '../../src/modules/appointments/appointments.test-support.js';

/**
 * Clinical and identity text is encrypted in the database (issue 19 item 4, decision 0030): values
 * planted through the API are found nowhere in the raw bytes of the database (PGlite's data
 * directory with its WAL, or a pg_dump of PostgreSQL), while a planted name (not encrypted, searched
 * by staff) is: the search can see what is in the clear.
 */

const KEY = 'a'.repeat(64);
const NEW_KEY = 'b'.repeat(64);

const PLANTED = {
  cedula: '9-PLANTA-7731',
  direccion: 'Calle Plantada Secreta 4471',
  celular: '6987-1234',
  sintomas: 'SintomaPlantado dolor lumbar raro',
  antecedentesPersonales: 'HistoriaPlantada asma infantil',
  alergias: 'AlergiaPlantada al latex',
  analisis: 'AnalisisPlantado lumbalgia mecanica',
  plan: 'PlanPlantado reposo y calor local',
  hora: '17:45',
  fecha: '2027-03-19',
  presion: '187/123',
  chat: 'MensajePlantado me duele la espalda',
  mensaje: 'MotivoPlantado control de espalda',
};
const CLEAR_NAME = 'Quetzalcoatlina';

let dataDir: string;
let database: Database;
let t: TestApp;

async function boot(key: string, previous?: string) {
  const config = parseConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    MAIL_WORKER: '0',
    FILE_ENCRYPTION_KEY: key,
    ...(previous ? { FILE_ENCRYPTION_PREVIOUS_KEYS: previous } : {}),
  });
  const clock = new TestClock();
  // The app closes its database when it closes; this test reopens the same one under other keys.
  const app = await buildApp({ config, database: { ...database, close: async () => undefined }, now: clock.now, logger: false });
  await app.ready();
  return { config, t: { app, clock, dataDir, close: () => app.close() } satisfies TestApp };
}

/** Every file under a directory, recursively. */
async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await fs.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesUnder(p)));
    else if (e.isFile()) out.push(p);
  }
  return out;
}

/** The raw bytes of the database: PGlite's data directory (heap, WAL) or PostgreSQL's dump. */
let raw: Buffer;
const found = (text: string) => raw.includes(Buffer.from(text, 'utf8'));

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'clinica-enc-'));
  // On PGlite, a database on disk (the raw files are the point); on PostgreSQL, the run's fresh one.
  database = onPostgres ? (await freshDatabase({ reopenable: true })).database : await openDatabase({ dataDir });
  ({ t } = await boot(KEY));

  const admin = await staffMember(t, 'admin');
  const doctor = await staffMember(t, 'doctor');
  const p = await patient(t, { nombre: CLEAR_NAME, cedula: PLANTED.cedula, direccion: PLANTED.direccion, celular: PLANTED.celular });
  const c = await consultation(t, p, doctor.id, PLANTED.sintomas, { antecedentesPersonales: PLANTED.antecedentesPersonales, alergias: PLANTED.alergias });
  const follow = await call(t, doctor.jar, 'POST', '/api/doctor/consultations/update', {
    consulta_id: c.id,
    correo: p.correo,
    analisis: PLANTED.analisis,
    plan: PLANTED.plan,
    fecha: PLANTED.fecha,
    hora: PLANTED.hora,
    revisado: 1,
  });
  expect(follow.statusCode, follow.body).toBe(200);
  // Chat permission (an administrator classifies the transfer), then the health form.
  const classify = await call(t, admin.jar, 'POST', '/api/admin/consultations/update', { consulta_id: c.id, correo: p.correo, tipo_consulta: 'tipo_a', estado_consulta: 1 });
  expect(classify.statusCode, classify.body).toBe(200);
  await call(t, p.jar, 'GET', '/api/chat');
  const health = await call(t, p.jar, 'POST', '/api/chat/health', { peso: '73.5', talla: '1.71', presion_arterial: PLANTED.presion });
  expect(health.statusCode, health.body).toBe(200);
  // A chat line through the repository the socket handler writes with (the codec is the column's).
  await chatRepository(t.app.db).insertMessages([{ consultation_id: c.id, sender_role: 'patient', sender_id: p.id, body: PLANTED.chat, created_at: new Date() }]);
  const booked = await bookByReceipt(t, p.jar, { id_doctor: doctor.id, fecha: DAYS.monday, hora: '10:00' }, { mensaje: PLANTED.mensaje });
  expect(booked.statusCode, booked.body).toBe(200);

  // The values read back in the clear through the API (the codec opens what it sealed).
  const seen = (await call(t, doctor.jar, 'GET', `/api/doctor/consultations/${c.token}`)).json<Record<string, unknown>>();
  expect(seen).toMatchObject({ cedula: PLANTED.cedula, direccion: PLANTED.direccion, sintomas: PLANTED.sintomas, analisis: PLANTED.analisis, presion_arterial: PLANTED.presion, peso: 73.5 });

  await t.close();
  if (onPostgres) {
    const result: unknown = await database.db.execute(sql`select current_database() as name`);
    const [{ name }] = (result as { rows: [{ name: string }] }).rows;
    raw = execFileSync('pg_dump', ['--data-only', pgUrlFor(name)], { maxBuffer: 256 * 1024 * 1024 });
  } else {
    await database.db.execute(sql`CHECKPOINT`);
    raw = Buffer.concat(await Promise.all((await filesUnder(path.join(dataDir, 'pgdata'))).map((f) => fs.readFile(f))));
  }
}, 120_000);

afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('the raw database', () => {
  it('holds the names in the clear (the search sees what is there)', () => {
    expect(found(CLEAR_NAME)).toBe(true);
  });

  it.each(Object.entries(PLANTED))('holds no planted %s', (_field, value) => {
    expect(found(value)).toBe(false);
  });
});

describe('the codec, the start-up step and the rotation', () => {
  it('seals values written in the clear before encryption, once, and keeps the blind index exact', async () => {
    ({ t } = await boot(KEY));
    const db = t.app.db;
    const id = (await select<{ id: string }>(t, `select id from patients where nombre = '${CLEAR_NAME}'`))[0]!.id;
    // A row as an older version wrote it: cédula and address in the clear, no blind index.
    await db.execute(sql`update patients set cedula = '8-111-222', direccion = 'Calle Vieja 1', cedula_hmac = null where id = ${id}`);
    expect((await sealColumns(db, 'plain')).values).toBe(2);
    expect((await sealColumns(db, 'plain')).values).toBe(0);
    const [row] = await select<{ cedula: string }>(t, `select cedula from patients where id = '${id}'`);
    expect(row!.cedula.startsWith('e1:')).toBe(true);
    const [match] = await db.select({ id: patients.id, direccion: patients.direccion }).from(patients).where(matchesBlindIndex(patients.cedula_hmac, ' 8-111-222'));
    expect(match).toEqual({ id, direccion: 'Calle Vieja 1' });
    await t.close();
  });

  it('moves every value and blind index to the new key; the old key alone then reads nothing', async () => {
    const rotated = await boot(NEW_KEY, KEY);
    t = rotated.t;
    const done = await rotateFileKey(t.app.db, rotated.config);
    expect(done.values).toBeGreaterThan(10);
    await t.close();
    // Under the new key alone every value opens, and the blind index matches.
    ({ t } = await boot(NEW_KEY));
    const [match] = await t.app.db.select({ direccion: patients.direccion }).from(patients).where(matchesBlindIndex(patients.cedula_hmac, '8-111-222'));
    expect(match).toEqual({ direccion: 'Calle Vieja 1' });
    await t.close();
    // Under the old key alone nothing opens.
    ({ t } = await boot(KEY));
    await expect(t.app.db.select({ d: patients.direccion }).from(patients)).rejects.toThrow();
    expect(sealText('x')).not.toBe(sealText('x'));
    await t.close();
    await database.close();
  });
});
