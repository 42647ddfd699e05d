/**
 * Backups (issue 26, item 4; decision 0056): the time and size of one backup of the embedded
 * database (PGlite on disk, as `npm start` runs it) with 100,000 records seeded fast with SQL
 * (50,000 consultations and 50,000 appointments, each with its patient and payment), and the time
 * of restoring that archive into an empty directory. Printed with the conditions.
 *
 *   node --import tsx bench/backup.ts        (BENCH_BACKUP_RECORDS=100000 by default)
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { parseConfig } from '../apps/server/src/infra/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { buildApp } from '../apps/server/src/app.js';
import { sealText } from '../apps/server/src/db/field-crypto.js';
import { restoreArchive } from '../apps/server/src/modules/backups/index.js';
import { printTable, type BenchRow } from './lib/measure.js';

const BENCH = 'backup';
const RECORDS = Number(process.env.BENCH_BACKUP_RECORDS ?? 100_000);
const KEY = '5e'.repeat(8) + '3c91a7d2f04b68e1'.repeat(3);
const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** Half the records consultations, half appointments, each with its own patient and payment. */
async function seed(db: Awaited<ReturnType<typeof openDatabase>>['db'], doctorId: string, n: number) {
  const half = Math.floor(n / 2);
  const sealed = (plain: string) => quote(sealText(plain));
  await db.execute(
    sql.raw(`
    INSERT INTO patients (id, nombre, apellido, cedula, correo, password_hash, nacionalidad, genero, edad, direccion, country_code, celular, acuerdo, acuerdo_at, created_at)
    SELECT gen_random_uuid(), 'María', 'Batista', ${sealed('8-123-4567')}, 'bkbench' || i || '@example.com', 'x', 'Panamá', 'femenino', 18 + i % 70,
           ${sealed('Calle 50, Ciudad de Panamá')}, '+507', ${sealed('61234567')}, true, now(), now() - make_interval(secs => ${n} - i)
    FROM generate_series(1, ${half * 2}) AS i`),
  );
  await db.execute(
    sql.raw(`
    INSERT INTO payments (id, token, patient_id, proposito, servicio, monto_cents, metodo_de_pago, estado, acuerdo, paypal_order_id, created_at)
    SELECT gen_random_uuid(), 'pay' || md5(p.id::text), p.id,
           CASE WHEN row_number() OVER (ORDER BY p.correo) <= ${half} THEN 'consulta' ELSE 'cita' END,
           'consulta_general', 1000, 'Paypal o Tarjeta', 'aprobado', true, 'ORDER' || md5(p.id::text), p.created_at
    FROM patients p WHERE p.correo LIKE 'bkbench%'`),
  );
  await db.execute(
    sql.raw(`
    INSERT INTO consultations (token, patient_id, doctor_id, servicio, sintomas, antecedentes_familiares, antecedentes_personales,
                               antecedentes_quirurgicos, alergias, otros_datos, consentimiento_at, payment_id, permiso_chat, fecha_registro)
    SELECT 'con' || md5(pay.id::text), pay.patient_id, '${doctorId}', 'consulta_general',
           ${sealed('Tos y fiebre')}, ${sealed('No hay información')}, ${sealed('No hay información')}, ${sealed('No hay información')},
           ${sealed('Ninguna')}, ${sealed('No hay información')}, pay.created_at, pay.id, true, pay.created_at
    FROM payments pay WHERE pay.proposito = 'consulta' AND pay.token LIKE 'pay%'`),
  );
  // One doctor, ten hours a day from 2027-01-04: every appointment its own slot.
  await db.execute(
    sql.raw(`
    INSERT INTO appointments (token, patient_id, doctor_id, servicio, fecha, hora, inicio, mensaje, estado, payment_id)
    SELECT 'cit' || md5(s.id::text), s.patient_id, '${doctorId}', 'consulta_general', s.dia, lpad((8 + s.k % 10)::text, 2, '0') || ':00',
           (s.dia + make_interval(hours => 8 + s.k % 10 + 5))::timestamptz, ${sealed('Control')}, 'confirmada', s.id
    FROM (SELECT pay.id, pay.patient_id, (row_number() OVER (ORDER BY pay.id) - 1)::int AS k,
                 (date '2027-01-04' + ((row_number() OVER (ORDER BY pay.id) - 1) / 10)::int) AS dia
          FROM payments pay WHERE pay.proposito = 'cita' AND pay.token LIKE 'pay%') s`),
  );
}

export async function run(): Promise<BenchRow[]> {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'clinica-bench-backup-'));
  const dataDir = path.join(tmp, 'data');
  const backupDir = path.join(tmp, 'backups');
  const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: '0', BACKUP_KEY: KEY, BACKUP_DIR: backupDir });
  const database = await openDatabase({ dataDir, pool: config.dbPool });
  const app = await buildApp({ config, database });
  try {
    const reg = await app.inject({
      method: 'POST',
      url: '/api/doctor/register',
      payload: { clave_seguridad: config.doctorRegistrationKey, nombre: 'Bench', apellido: 'Doctor', correo: 'bk.doctor@clinica.test', password: 'secreto-seguro-1', password_confirm: 'secreto-seguro-1', servicio: 'consulta_general' },
    });
    if (reg.statusCode !== 201) throw new Error(reg.body);
    const { rows } = (await database.db.execute(sql`select id::text from staff where correo = 'bk.doctor@clinica.test'`)) as { rows: { id: string }[] };
    const seeding = performance.now();
    await seed(database.db, rows[0]!.id, RECORDS);
    const seededMs = performance.now() - seeding;
    const counts = (await database.db.execute(
      sql`select (select count(*)::int from consultations) as c, (select count(*)::int from appointments) as a`,
    )) as { rows: { c: number; a: number }[] };
    const { c, a } = counts.rows[0]!;
    if (c + a < RECORDS) throw new Error(`seeded ${c} consultations and ${a} appointments, fewer than ${RECORDS}`);
    const dirBytes = async (dir: string): Promise<number> => {
      let total = 0;
      for (const e of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
        if (e.isFile()) total += (await fs.stat(path.join(e.parentPath, e.name))).size;
      }
      return total;
    };
    const onDisk = await dirBytes(path.join(dataDir, 'pgdata'));

    // While the backup runs, a query every 20 ms: its longest wait is how long the snapshot held
    // the database (the pause a patient's request would feel).
    let probing = true;
    let longestWaitMs = 0;
    let probes = 0;
    const probe = (async () => {
      while (probing) {
        const p0 = performance.now();
        await database.ping();
        longestWaitMs = Math.max(longestWaitMs, performance.now() - p0);
        probes += 1;
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const t0 = performance.now();
    const result = await app.backups.run('manual');
    const backupMs = performance.now() - t0;
    probing = false;
    await probe;
    if (!result.ok) throw new Error(result.error);
    const rss = process.memoryUsage().rss;

    const restoredDir = path.join(tmp, 'restored');
    const t1 = performance.now();
    await restoreArchive({ file: path.join(backupDir, result.archivo), key: config.backup.key!, dataDir: restoredDir });
    const restoreMs = performance.now() - t1;

    const mb = (b: number) => `${(b / 2 ** 20).toFixed(1)} MiB`;
    const conditions =
      `${c.toLocaleString('en')} consultations + ${a.toLocaleString('en')} appointments (each with patient and payment; seeded in ${(seededMs / 1000).toFixed(1)} s), ` +
      `PGlite data directory ${mb(onDisk)}, no stored files; ${os.cpus().length} cores, Node ${process.version}`;
    const empty = { requestsPerSecond: NaN, p99Ms: NaN, errors: 0, serverBusy: NaN, serverUsPerRequest: NaN };
    return [
      { bench: BENCH, target: 'backup (PGlite, serving)', ...empty, p50Ms: backupMs, note: `archive ${mb(result.size)} (encrypted, checksummed); longest wait of a query during it ${longestWaitMs.toFixed(0)} ms (${probes} probes); process RSS after ${mb(rss)}; ${conditions}` },
      { bench: BENCH, target: 'restore into an empty directory', ...empty, p50Ms: restoreMs, note: `checksum, key and tag checked first (two reads); ${conditions}` },
    ];
  } finally {
    await app.close();
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) printTable(await run());
