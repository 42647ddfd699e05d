/**
 * In-person appointments (issue 5), through the real server over HTTP (PGlite on disk):
 *  - the free-hours call (obtener_horas_disponibles), 50 connections, with the doctor's weekly hours
 *    and a partial-day block in place (issue 24): today's code path (one query per request, no
 *    cache; a route this benchmark adds for itself, never part of the product) and the product's
 *    route (one plan query per doctor and date, served from the short availability cache) in the
 *    same run, one after the other;
 *  - booking by transfer under load, every request for a slot of its own (receipt stored
 *    encrypted, payment and appointment written in one transaction);
 *  - the one-slot contention run: rounds of 50 simultaneous requests for one slot, each of which
 *    must end with exactly one appointment (the others refused with 409).
 * Prints throughput and p50/p99 of each.
 *
 *   node --import tsx bench/appointments.ts        (BENCH_SECONDS=10 by default)
 *   BENCH_APPOINTMENTS=hours node --import tsx bench/appointments.ts   (the free-hours rows only: profiling, repeated runs)
 */
import { fork } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addDays, clinicWeeklyHours, freeHoursQuerySchema, panamaToday, slotsOn, weekdayOf, type WeeklyHours } from '@clinica/shared';
import { parseConfig } from '../apps/server/src/infra/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { buildApp } from '../apps/server/src/app.js';
import { PNG_1X1, multipart, validRegistration } from '../apps/server/test/harness.js';
import type { AppointmentLoad, AppointmentLoadSummary, BookingSlot } from './lib/appointment-load.js';
import { measure, printTable, type BenchRow } from './lib/measure.js';

const BENCH = 'appointments';
const DOCTORS = 20;
const PATIENTS = 10;
const BURST = 50;
const ROUNDS = 10;

/** The rows of a raw query (drizzle types them as unknown whichever the driver). */
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

const cookieOf = (res: { cookies: { name: string; value: string }[] }) => res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

async function patient(app: FastifyInstance) {
  const reg = validRegistration();
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', ...multipart(reg, [{ field: 'image_cedula', filename: 'c.png', bytes: PNG_1X1 }]) });
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.body}`);
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: reg.correo, password: reg.password } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  return cookieOf(login);
}

async function doctor(app: FastifyInstance, i: number) {
  const correo = `bench.doctor.${i}.${Date.now()}@example.com`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/doctor/register',
    payload: { clave_seguridad: 'demo-clave-doctor', nombre: 'Ana', apellido: `Bench ${i}`, correo, password: 'secreto-seguro-1', password_confirm: 'secreto-seguro-1', servicio: 'consulta_general' },
  });
  if (res.statusCode !== 201) throw new Error(`doctor registration failed: ${res.body}`);
  // Approved directly (the benchmark measures booking, not the administrators' approval).
  return rowsOf<{ id: string }>(await app.db.execute(sql`update staff set estado = 'activo' where correo = ${correo} returning id`))[0]!.id;
}

/** Runs the load generator in a child process while measuring this (the server's) process. */
function drive(load: AppointmentLoad) {
  return new Promise<AppointmentLoadSummary>((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./lib/appointment-load.ts', import.meta.url)), { stdio: 'inherit' });
    let summary: AppointmentLoadSummary | undefined;
    child.once('message', (m) => {
      summary = m as AppointmentLoadSummary;
    });
    child.once('error', reject);
    child.once('exit', (code) => (summary ? resolve(summary) : reject(new Error(`the load generator stopped with code ${code}`))));
    child.send(load);
  });
}

async function measured(load: AppointmentLoad) {
  const elu = performance.eventLoopUtilization();
  const cpu = process.cpuUsage();
  const result = await drive(load);
  const busy = performance.eventLoopUtilization(elu);
  const used = process.cpuUsage(cpu);
  const total = Math.max(1, result.total);
  return {
    result,
    serverBusy: busy.utilization,
    serverUsPerRequest: (busy.active * 1000) / total,
    cpuUsPerRequest: (used.user + used.system) / total,
  };
}

/** Runs the benchmark and returns its rows (bench/run.ts prints them with the others). */
export async function run(opts: { seconds?: number } = {}): Promise<BenchRow[]> {
  const seconds = opts.seconds ?? Number(process.env.BENCH_SECONDS ?? 10);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'clinica-bench-appt-'));
  const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', MAIL_WORKER: '0', LOGIN_MAX_ATTEMPTS: '1000' });
  const database = await openDatabase({ dataDir: config.dataDir });
  const app = await buildApp({ config, database, logger: false });
  try {
    // Today's free-hours path, for comparison only: added to this process's app, never to the product's
    // (before the first request: Fastify takes no route after it is ready).
    app.get('/bench/appointments/hours-baseline', {
      config: { access: ['patient', 'doctor', 'admin'] },
      handler: async (request, reply) => {
        const q = freeHoursQuerySchema.parse(request.query);
        reply.header('cache-control', 'no-store');
        return app.appointments.freeHoursBaseline(q.id, q.fecha);
      },
    });
    const doctors: string[] = [];
    for (let i = 0; i < DOCTORS; i++) doctors.push(await doctor(app, i));
    const cookies: string[] = [];
    for (let i = 0; i < PATIENTS; i++) cookies.push(await patient(app));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    // Every slot of the doctors but the first (weekly hours and a block below) and the last (the
    // contention run) over the next two months, from tomorrow (nothing is past).
    const today = panamaToday(Date.now());
    const slots: BookingSlot[] = [];
    for (const id_doctor of doctors.slice(1, DOCTORS - 1)) {
      for (let d = 1; d <= 60; d++) {
        const fecha = addDays(today, d);
        for (const hora of slotsOn(fecha)) slots.push({ id_doctor, fecha, hora });
      }
    }

    // 1. The free-hours call, with weekly hours (a lunch break on weekdays) and a partial block on the date.
    const hoursDate = addDays(today, 2);
    const lunch: WeeklyHours = { ...clinicWeeklyHours() };
    for (const day of ['lunes', 'martes', 'miercoles', 'jueves', 'viernes'] as const) {
      lunch[day] = [{ desde: '08:00', hasta: '12:00' }, { desde: '13:00', hasta: '22:00' }];
    }
    await app.appointments.setWeeklyHours(doctors[0]!, lunch, true, doctors[0]!);
    const weekend = weekdayOf(hoursDate) === 0 || weekdayOf(hoursDate) === 6;
    await app.appointments.blockDate(doctors[0]!, hoursDate, weekend ? { desde: '14:00', hasta: '16:00' } : { desde: '16:00', hasta: '18:00' }, true);
    const query = `id=${doctors[0]}&fecha=${hoursDate}`;
    const hoursUrl = `${base}/api/appointments/hours?${query}`;
    const baselineUrl = `${base}/bench/appointments/hours-baseline?${query}`;
    for (const url of [hoursUrl, baselineUrl]) {
      const check = await fetch(url, { headers: { cookie: cookies[0]! } });
      if (check.status !== 200) throw new Error(`hours call failed: ${await check.text()}`);
    }
    const warm = { connections: 50, durationSeconds: 2, headers: { cookie: cookies[0]! } };
    await measure({ url: baselineUrl, ...warm });
    const baseline = await measure({ url: baselineUrl, headers: { cookie: cookies[0]! }, durationSeconds: seconds });
    await measure({ url: hoursUrl, ...warm });
    const hours = await measure({ url: hoursUrl, headers: { cookie: cookies[0]! }, durationSeconds: seconds });

    const hoursRows: BenchRow[] = [
      { bench: BENCH, target: 'GET /api/appointments/hours, before (today\'s path)', ...baseline, note: 'one query a request, no cache; 50 connections' },
      {
        bench: BENCH,
        target: 'GET /api/appointments/hours',
        ...hours,
        note: `weekly hours + partial block; ${(hours.requestsPerSecond / Math.max(1, baseline.requestsPerSecond)).toFixed(1)}x the throughput of the path before; 50 connections`,
      },
    ];
    if (process.env.BENCH_APPOINTMENTS === 'hours') return hoursRows;

    // 2. Booking under load: each request its own slot.
    const countAll = async () => rowsOf<{ n: number }>(await app.db.execute(sql`select count(*)::int as n from appointments`))[0]!.n;
    const before = await countAll();
    const booking = await measured({ url: base, cookies, mode: 'book', slots, connections: 20, durationSeconds: seconds });
    const written = (await countAll()) - before;

    // 3. Contention: rounds of 50 simultaneous requests for one slot of the last doctor.
    const contended = doctors[DOCTORS - 1]!;
    const rounds: Awaited<ReturnType<typeof measured>>[] = [];
    let exact = 0;
    for (let r = 0; r < ROUNDS; r++) {
      const slot = { id_doctor: contended, fecha: addDays(today, 3 + Math.floor(r / 8)), hora: slotsOn(addDays(today, 3 + Math.floor(r / 8)))[r % 8]! };
      const round = await measured({ url: base, cookies, mode: 'burst', slots: [slot], connections: BURST });
      rounds.push(round);
      const [held] = rowsOf<{ n: number }>(
        await app.db.execute(
          sql`select count(*)::int as n from appointments where doctor_id = ${slot.id_doctor} and fecha = ${slot.fecha} and hora = ${slot.hora} and estado <> 'cancelada'`,
        ),
      );
      if (held!.n === 1 && round.result.ok === 1) exact++;
    }
    const sum = (f: (x: (typeof rounds)[number]) => number) => rounds.reduce((a, x) => a + f(x), 0);
    const burstTotal = sum((x) => x.result.total);
    const burstWall = sum((x) => x.result.wallMs);
    const refused = sum((x) => x.result.refused);

    return [
      ...hoursRows,
      {
        bench: BENCH,
        target: 'POST /api/appointments/receipt (own slots)',
        requestsPerSecond: booking.result.requestsPerSecond,
        p50Ms: booking.result.p50Ms,
        p99Ms: booking.result.p99Ms,
        errors: booking.result.errors + booking.result.refused,
        serverBusy: booking.serverBusy,
        serverUsPerRequest: booking.serverUsPerRequest,
        cpuUsPerRequest: booking.cpuUsPerRequest,
        note: `${booking.result.ok} booked, ${written} appointments written, 20 connections`,
      },
      {
        bench: BENCH,
        target: `one slot, ${BURST} at once x${ROUNDS}`,
        requestsPerSecond: (burstTotal * 1000) / Math.max(1, burstWall),
        p50Ms: Math.max(...rounds.map((x) => x.result.p50Ms)),
        p99Ms: Math.max(...rounds.map((x) => x.result.p99Ms)),
        errors: ROUNDS - exact + sum((x) => x.result.errors),
        serverBusy: sum((x) => x.serverBusy) / ROUNDS,
        serverUsPerRequest: sum((x) => x.serverUsPerRequest) / ROUNDS,
        cpuUsPerRequest: sum((x) => x.cpuUsPerRequest) / ROUNDS,
        note: `exactly one appointment in ${exact}/${ROUNDS} rounds; ${refused} refused (409); p50/p99 = worst round`,
      },
    ];
  } finally {
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  printTable(await run());
}
