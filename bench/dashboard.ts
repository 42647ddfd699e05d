/**
 * The administrators' dashboard (issue 26, item 4; decision 0057) over 100,000 consultations and
 * 100,000 appointments (with their 200,000 payments, refunds and no-shows) spread over the last
 * year, seeded with SQL on PGlite on disk (through the roll-ups' triggers, decision 0057 "Session
 * 11"). Each of the dashboard's queries (its repository, as the route calls it) and the whole route
 * (every query, put together, through the real app) is run one at a time, for the default range
 * (the last 30 days) and for the longest (a year), and p50/p95/p99 printed; then the same figures
 * read from the live tables as before the roll-ups (bench/lib/dashboard-live-queries.ts: checked
 * equal first, then timed), and the triggers' write cost (a booking, an authorisation; with the
 * triggers and without). The aim: p95 under DASHBOARD_P95_AIM_MS for every query.
 *
 *   node --import tsx bench/dashboard.ts        (BENCH_DASHBOARD_N=100 runs per target by default)
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql, TransactionRollbackError, type SQL } from 'drizzle-orm';
import { addDays, panamaToday } from '@clinica/shared';
import { parseConfig } from '../apps/server/src/infra/config.js';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { buildApp } from '../apps/server/src/app.js';
import { dashboardRepository, type Days } from '../apps/server/src/modules/dashboard/dashboard.repository.js';
import { histogramMedian } from '../apps/server/src/modules/dashboard/dashboard.median.js';
import { liveDashboardQueries, type Instants } from './lib/dashboard-live-queries.js';
import { median, printTable, type BenchRow } from './lib/measure.js';
import { measureOneAtATime, percentile, rows, seedDoctors, seedPatients, staffCookie } from './lib/seed.js';

const BENCH = 'dashboard';
const SEEDED = 100_000;
const DOCTORS = 20;
const PATIENTS = 2_000;
/** Issue 26: "Its queries take under 100 ms p95 over 100,000 consultations and appointments". */
const DASHBOARD_P95_AIM_MS = 100;

const exec = (database: Database, q: SQL) => database.db.execute(q);

/**
 * One year of a busy clinic: consultations (60 % PayPal, 25 % transfer, 15 % Yappy; a few waiting
 * or rejected) and appointments (85 % confirmed, most marked, 10 % of the marked ones no-shows;
 * 5 % waiting for their receipt; 10 % cancelled, a third of those refunded).
 */
async function seed(database: Database, now: Date) {
  const at = now.toISOString();
  await seedDoctors(database, DOCTORS);
  await exec(database, sql`INSERT INTO staff (role, nombre, apellido, correo, password_hash, estado) VALUES ('admin', 'Admin', 'Bench', 'bench.admin@clinica.test', 'x', 'activo')`);
  await seedPatients(database, PATIENTS);
  await exec(database, sql`INSERT INTO files (kind, mime, size, sha256, nombre, encrypted) VALUES ('comprobante', 'image/png', 1, 'bench', 'r.png', false)`);
  // Numbered helper tables: the i-th patient, doctor and the receipt file.
  await exec(database, sql`CREATE TEMP TABLE bp AS SELECT row_number() OVER (ORDER BY id) AS n, id FROM patients`);
  await exec(database, sql`CREATE TEMP TABLE bd AS SELECT row_number() OVER (ORDER BY id) - 1 AS n, id FROM staff WHERE role = 'doctor'`);

  const services = sql`(ARRAY['consulta_general','psicologia','medicina_interna'])[1 + i % 3]`;
  const method = sql`CASE WHEN i % 20 < 12 THEN 'Paypal o Tarjeta' WHEN i % 20 < 17 THEN 'Transferencia' ELSE 'Yappy' END`;
  // Consultations: payments first (ids kept by a numbered token), then the consultations.
  await exec(database, sql`
    INSERT INTO payments (token, patient_id, proposito, servicio, monto_cents, metodo_de_pago, estado, acuerdo, paypal_order_id, comprobante_file_id,
                          motivo_rechazo, decidido_at, reembolso_estado, reembolso_motivo, reembolso_debido_at, created_at)
    SELECT 'bc' || i, (SELECT id FROM bp WHERE n = 1 + i % ${PATIENTS}), 'consulta', ${services}, 1000, ${method},
           CASE WHEN i % 100 = 0 THEN 'pendiente' WHEN i % 100 = 1 THEN 'rechazado' ELSE 'aprobado' END, true,
           CASE WHEN i % 20 < 12 THEN 'BO' || i END, CASE WHEN i % 20 >= 12 THEN (SELECT id FROM files LIMIT 1) END,
           CASE WHEN i % 100 = 1 THEN 'ilegible' END,
           CASE WHEN i % 100 > 0 THEN t + make_interval(secs => CASE WHEN i % 20 < 12 THEN 0 ELSE 600 + (i * 37) % 86400 END) END,
           CASE WHEN i % 200 = 2 THEN 'pendiente' END, CASE WHEN i % 200 = 2 THEN 'consulta_sin_permiso' END, CASE WHEN i % 200 = 2 THEN t END, t
    FROM (SELECT i, ${at}::timestamptz - make_interval(days => i % 365, secs => (i * 7919) % 86400) AS t FROM generate_series(1, ${SEEDED}) i) s`);
  await exec(database, sql`
    INSERT INTO consultations (token, patient_id, doctor_id, servicio, sintomas, antecedentes_familiares, antecedentes_personales, antecedentes_quirurgicos,
                               alergias, otros_datos, consentimiento_at, payment_id, permiso_chat, fecha_registro)
    SELECT 'bcon' || p.token, p.patient_id, (SELECT id FROM bd WHERE n = substr(p.token, 3)::int % ${DOCTORS}), p.servicio, 'x', 'x', 'x', 'x', 'x', 'x',
           p.created_at, p.id, p.estado = 'aprobado' AND p.reembolso_estado IS NULL, p.created_at
    FROM payments p WHERE p.token LIKE 'bc%'`);

  // Appointments: one slot each (doctor i % 20, day (i / 20) % 365, hour i / 7300); paid about a week before.
  await exec(database, sql`
    CREATE TEMP TABLE ba AS
    SELECT i, (i % ${DOCTORS}) AS doctor, (${panamaToday(now.getTime())}::date - ((i / ${DOCTORS}) % 365) + 30) AS fecha, lpad(((i / ${DOCTORS * 365}) % 24)::text, 2, '0') || ':00' AS hora,
           CASE WHEN i % 20 = 0 THEN 'pendiente' WHEN i % 10 = 1 THEN 'cancelada' ELSE 'confirmada' END AS estado
    FROM generate_series(0, ${SEEDED - 1}) i`);
  await exec(database, sql`
    INSERT INTO payments (token, patient_id, proposito, servicio, monto_cents, metodo_de_pago, estado, acuerdo, paypal_order_id, comprobante_file_id,
                          decidido_at, reembolso_estado, reembolso_motivo, reembolso_debido_at, created_at)
    SELECT 'ba' || i, (SELECT id FROM bp WHERE n = 1 + i % ${PATIENTS}), 'cita', ${services}, 1000,
           CASE WHEN estado = 'pendiente' THEN 'Transferencia' ELSE ${method} END,
           CASE WHEN estado = 'pendiente' THEN 'pendiente' ELSE 'aprobado' END, true,
           CASE WHEN estado <> 'pendiente' AND i % 20 < 12 THEN 'BA' || i END, CASE WHEN estado = 'pendiente' OR i % 20 >= 12 THEN (SELECT id FROM files LIMIT 1) END,
           CASE WHEN estado <> 'pendiente' THEN t + interval '2 hours' END,
           CASE WHEN estado = 'cancelada' THEN CASE WHEN i % 30 = 1 THEN 'reembolsado' ELSE 'pendiente' END END,
           CASE WHEN estado = 'cancelada' THEN 'cita_cancelada_paciente' END, CASE WHEN estado = 'cancelada' THEN t END, t
    FROM (SELECT i, estado, (fecha - 7)::timestamp AT TIME ZONE 'America/Panama' + interval '10 hours' AS t FROM ba) s`);
  await exec(database, sql`
    INSERT INTO appointments (token, patient_id, doctor_id, servicio, fecha, hora, inicio, mensaje, estado, payment_id, cancelada_por, cancelada_at, asistencia, asistencia_at)
    SELECT 'bcita' || ba.i, p.patient_id, bd.id, p.servicio, ba.fecha, ba.hora,
           (ba.fecha + ba.hora::time) AT TIME ZONE 'America/Panama', 'x', ba.estado, p.id,
           CASE WHEN ba.estado = 'cancelada' THEN 'paciente' END, CASE WHEN ba.estado = 'cancelada' THEN p.created_at END,
           CASE WHEN ba.estado = 'confirmada' AND ba.fecha < ${panamaToday(now.getTime())}::date AND ba.i % 5 > 0 THEN CASE WHEN ba.i % 10 = 2 THEN 'no_asistio' ELSE 'asistio' END END,
           CASE WHEN ba.estado = 'confirmada' AND ba.fecha < ${panamaToday(now.getTime())}::date AND ba.i % 5 > 0 THEN (ba.fecha + ba.hora::time) AT TIME ZONE 'America/Panama' END
    FROM ba JOIN bd ON bd.n = ba.doctor JOIN payments p ON p.token = 'ba' || ba.i`);
  await exec(database, sql`
    INSERT INTO refunds (payment_id, estado, metodo, monto_cents, referencia, staff_id, completado_at)
    SELECT p.id, 'completado', p.metodo_de_pago, p.monto_cents, 'R' || p.token, (SELECT id FROM staff WHERE role = 'admin' AND correo = 'bench.admin@clinica.test'), p.created_at + interval '1 day'
    FROM payments p WHERE p.reembolso_estado = 'reembolsado'`);
  for (const table of ['patients', 'staff', 'consultations', 'payments', 'appointments', 'refunds']) await exec(database, sql.raw(`ANALYZE ${table}`));
}

const measure = (target: string, n: number, once: () => Promise<unknown>, warmup = 10) =>
  measureOneAtATime({ bench: BENCH, target, n, warmup, aimMs: DASHBOARD_P95_AIM_MS, conditions: `${SEEDED.toLocaleString('en')} consultations and appointments` }, once);

const ROLLUP_TRIGGERS = [
  ['consultations', 'dashboard_consultations_rollup'],
  ['payments', 'dashboard_payments_rollup'],
  ['appointments', 'dashboard_appointments_rollup'],
  ['refunds', 'dashboard_refunds_rollup'],
] as const;
const setRollupTriggers = async (database: Database, on: boolean) => {
  for (const [table, trigger] of ROLLUP_TRIGGERS) await exec(database, sql.raw(`ALTER TABLE ${table} ${on ? 'ENABLE' : 'DISABLE'} TRIGGER ${trigger}`));
};

/** Runs `op` in a transaction that is rolled back (the data set stays as seeded), `n` times; p50 and p95 in ms. */
async function timeRolledBack(database: Database, n: number, op: (tx: Database['db']) => Promise<void>) {
  const once = async () => {
    try {
      await database.db.transaction(async (tx) => {
        await op(tx);
        tx.rollback();
      });
    } catch (e) {
      if (!(e instanceof TransactionRollbackError)) throw e;
    }
  };
  for (let i = 0; i < 10; i++) await once();
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (let i = 0; i < n; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await once();
    times.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpuTimes.push((c.user + c.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), cpuP50: percentile(cpuTimes, 50) };
}

/**
 * The triggers' write cost: a booking by receipt (its payment and its appointment inserted) and a
 * consultation's authorisation (its payment approved, its chat authorised: every roll-up trigger
 * but the refunds' runs), each in a transaction rolled back, with the triggers and without them
 * (DISABLE TRIGGER), alternating in blocks so both see the same machine.
 */
async function writeCost(database: Database, n: number, now: Date) {
  const [pending] = await rows<{ id: string }>(
    database,
    sql`SELECT p.id FROM payments p JOIN consultations c ON c.payment_id = p.id WHERE p.estado = 'pendiente' AND p.reembolso_estado IS NULL LIMIT 1`,
  );
  const [someone] = await rows<{ patient: string; doctor: string; file: string }>(
    database,
    sql`SELECT (SELECT id FROM patients LIMIT 1) AS patient, (SELECT id FROM staff WHERE role = 'doctor' LIMIT 1) AS doctor, (SELECT id FROM files LIMIT 1) AS file`,
  );
  const at = now.toISOString();
  const booking = async (tx: Database['db']) => {
    const [pay] = (
      (await tx.execute(sql`INSERT INTO payments (token, patient_id, proposito, servicio, monto_cents, metodo_de_pago, estado, acuerdo, comprobante_file_id, created_at)
        VALUES ('bench-write', ${someone!.patient}, 'cita', 'consulta_general', 1000, 'Transferencia', 'pendiente', true, ${someone!.file}, ${at}::timestamptz) RETURNING id`)) as { rows: { id: string }[] }
    ).rows;
    await tx.execute(sql`INSERT INTO appointments (token, patient_id, doctor_id, servicio, fecha, hora, inicio, mensaje, estado, payment_id)
      VALUES ('bench-write', ${someone!.patient}, ${someone!.doctor}, 'consulta_general', '2030-01-07', '10:00', '2030-01-07T15:00:00Z', 'x', 'pendiente', ${pay!.id})`);
  };
  const approval = async (tx: Database['db']) => {
    await tx.execute(sql`UPDATE payments SET estado = 'aprobado', decidido_at = ${at}::timestamptz WHERE id = ${pending!.id}`);
    await tx.execute(sql`UPDATE consultations SET permiso_chat = true WHERE payment_id = ${pending!.id}`);
  };
  const figures: Record<string, { on: number[]; off: number[]; cpuOn: number[]; cpuOff: number[] }> = {
    booking: { on: [], off: [], cpuOn: [], cpuOff: [] },
    approval: { on: [], off: [], cpuOn: [], cpuOff: [] },
  };
  for (let block = 0; block < 4; block++) {
    for (const on of [true, false]) {
      await setRollupTriggers(database, on);
      for (const [name, op] of [['booking', booking], ['approval', approval]] as const) {
        const { p50, cpuP50 } = await timeRolledBack(database, Math.ceil(n / 4), op);
        figures[name]![on ? 'on' : 'off'].push(p50);
        figures[name]![on ? 'cpuOn' : 'cpuOff'].push(cpuP50);
      }
    }
  }
  await setRollupTriggers(database, true);
  return Object.entries(figures).map(([name, f]) => ({ name, on: median(f.on), off: median(f.off), cpuOn: median(f.cpuOn), cpuOff: median(f.cpuOff) }));
}

/** Runs the benchmark and returns its rows (bench/run.ts prints them with the others). */
export async function run(opts: { runs?: number } = {}): Promise<BenchRow[]> {
  const n = opts.runs ?? Number(process.env.BENCH_DASHBOARD_N ?? 100);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'clinica-bench-dashboard-'));
  const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = await openDatabase({ dataDir: config.dataDir });
  const now = new Date();
  const app = await buildApp({ config, database, logger: false, now: () => now.getTime() });
  try {
    console.error(`dashboard: ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} at the start; PGlite on disk; ${n} runs per target`);
    const t0 = performance.now();
    // Seeded through the roll-ups' triggers (every row written as the product writes one).
    await seed(database, now);
    const [seeded] = await rows<{ c: unknown; a: unknown; p: unknown; r: unknown }>(
      database,
      sql`SELECT (SELECT count(*) FROM consultations) AS c, (SELECT count(*) FROM appointments) AS a, (SELECT count(*) FROM payments) AS p,
                 (SELECT (SELECT count(*) FROM dashboard_consultations_daily) + (SELECT count(*) FROM dashboard_appointments_daily) + (SELECT count(*) FROM dashboard_revenue_daily)
                       + (SELECT count(*) FROM dashboard_refunds_daily) + (SELECT count(*) FROM dashboard_authorisation_daily)) AS r`,
    );
    console.error(
      `dashboard: seeded ${String(seeded!.c)} consultations, ${String(seeded!.a)} appointments, ${String(seeded!.p)} payments (${String(seeded!.r)} roll-up rows) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    for (const table of ['dashboard_consultations_daily', 'dashboard_appointments_daily', 'dashboard_revenue_daily', 'dashboard_refunds_daily', 'dashboard_authorisation_daily'])
      await exec(database, sql.raw(`ANALYZE ${table}`));

    const repo = dashboardRepository(database.db);
    const live = liveDashboardQueries(database.db);
    const today = panamaToday(now.getTime());
    const midnight = (fecha: string) => new Date(`${fecha}T05:00:00.000Z`);
    const ranges: [string, Days, Instants][] = [
      ['30 days', { desde: addDays(today, -29), hasta: today }, { from: midnight(addDays(today, -29)), to: midnight(addDays(today, 1)) }],
      ['1 year', { desde: addDays(today, -365), hasta: today }, { from: midnight(addDays(today, -365)), to: midnight(addDays(today, 1)) }],
    ];

    // The route itself, as an administrator calls it (every query, the figures put together, the answer checked by its schema).
    const { cookie } = await staffCookie(app, 'admin', config.adminRegistrationKey);

    const results: { row: BenchRow; p95: number; cpuP95: number }[] = [];
    const old: { row: BenchRow; p95: number; cpuP95: number }[] = [];
    for (const [name, days, instants] of ranges) {
      // The roll-ups and the old live queries must give the same figures (the median within its bucket).
      const total = (xs: { cantidad: number }[]) => xs.reduce((s, x) => s + x.cantidad, 0);
      const [nc, oc, na, oa, nr, or, nw, ow] = [
        await repo.consultations(days),
        await live.consultations(instants),
        await repo.appointments(days),
        await live.appointments(instants),
        await repo.revenue(days),
        await live.revenue(instants),
        await repo.authorisationWaits(days),
        await live.authorisation(instants),
      ];
      const same = (what: string, a: unknown, b: unknown) => {
        if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`dashboard (${name}): ${what} differs: roll-ups ${JSON.stringify(a)}, live ${JSON.stringify(b)}`);
      };
      same('consultations', total(nc.byDay), total(oc));
      same('appointments', [total(na.byDay), na.marcadas, na.no_asistio], [total(oa), oa.reduce((s, r) => s + r.marcadas, 0), oa.reduce((s, r) => s + r.no_asistio, 0)]);
      same('revenue', nr.reduce((s, r) => s + r.monto_cents, 0), or.reduce((s, r) => s + r.monto_cents, 0));
      // The histogram's median against the exact percentile_cont of the live tables, overall and per method.
      const medians = [null, 'Paypal o Tarjeta', 'Transferencia', 'Yappy'].map((metodo) => {
        const exact = ow.find((r) => r.metodo === metodo)?.medianS ?? null;
        const fromHistogram = histogramMedian(metodo === null ? nw : nw.filter((w) => w.metodo === metodo));
        const off = exact ? (((fromHistogram ?? 0) - exact) / exact) * 100 : 0;
        return `${metodo ?? 'overall'} ${fromHistogram?.toFixed(1)} s / ${exact?.toFixed(1)} s exact (${off.toFixed(3)} %)`;
      });
      console.error(`dashboard: ${name}: roll-ups and live queries agree; payment-to-authorisation median from the histogram: ${medians.join('; ')}`);

      results.push(await measure(`consultations by day, service, doctor (${name})`, n, () => repo.consultations(days)));
      results.push(await measure(`appointments by day, service, doctor (${name})`, n, () => repo.appointments(days)));
      results.push(await measure(`revenue by service and method (${name})`, n, () => repo.revenue(days)));
      results.push(await measure(`refunds by method (${name})`, n, () => repo.refundsDone(days)));
      results.push(await measure(`payment to chat authorisation (${name})`, n, () => repo.authorisationWaits(days)));
      results.push(
        await measure(`GET /api/admin/dashboard (${name})`, n, async () => {
          const res = await app.inject({ method: 'GET', url: `/api/admin/dashboard?desde=${days.desde}&hasta=${days.hasta}`, headers: { cookie } });
          if (res.statusCode !== 200) throw new Error(res.body);
        }),
      );
      // The same figures read from the live tables as before the roll-ups (fewer runs: a year's take seconds).
      const oldN = Math.max(5, Math.ceil(n / 10));
      old.push(await measure(`OLD consultations, live table (${name})`, oldN, () => live.consultations(instants), 2));
      old.push(await measure(`OLD appointments, live table (${name})`, oldN, () => live.appointments(instants), 2));
      old.push(await measure(`OLD revenue, live table (${name})`, oldN, () => live.revenue(instants), 2));
      old.push(await measure(`OLD refunds, live table (${name})`, oldN, () => live.refundsDone(instants), 2));
      old.push(await measure(`OLD payment to chat authorisation, live tables (${name})`, oldN, () => live.authorisation(instants), 2));
    }
    results.push(await measure('receipts waiting and refunds owed (now)', n, () => repo.waitingNow(now)));
    results.push(await measure('doctors', n, () => repo.doctors([])));
    for (const r of [...results, ...old]) console.error(`dashboard: ${r.row.target.padEnd(58)} p50 ${r.row.p50Ms.toFixed(2)} ms  p95 ${r.p95.toFixed(2)} ms  p99 ${r.row.p99Ms.toFixed(2)} ms  CPU p95 ${r.cpuP95.toFixed(2)} ms`);

    const cost = await writeCost(database, n * 2, now);
    for (const c of cost)
      console.error(
        `dashboard: write cost, ${c.name.padEnd(9)} p50 ${c.on.toFixed(2)} ms with the roll-up triggers, ${c.off.toFixed(2)} ms without (+${(c.on - c.off).toFixed(2)} ms); CPU p50 ${c.cpuOn.toFixed(2)} ms with, ${c.cpuOff.toFixed(2)} ms without (+${(c.cpuOn - c.cpuOff).toFixed(2)} ms)`,
      );
    console.error(`dashboard: load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} at the end`);
    return [...results, ...old].map((r) => r.row);
  } finally {
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  printTable(await run());
}
