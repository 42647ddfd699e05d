/**
 * Two server instances against one beside one instance, on PostgreSQL 15 and Redis (started here
 * by scripts/services.mjs, as in `npm test`): the patients' session check (GET /api/auth/session,
 * polled every 5 s by every open page) and the booking call (POST /api/appointments/receipt, each
 * request its own slot). Each instance is a real server process (`node --import tsx
 * apps/server/src/server.ts`) with STORAGE_DRIVER=postgres; the load generators run in processes
 * of their own. The scaling factor is the two instances' req/s over the one instance's.
 *
 * All of it shares this machine's cores: the database, Redis, the load generators and the
 * instances. On a 2-core machine two instances cannot show more than the cores allow; the figure
 * says what a second instance adds here, the note says how many cores there were.
 *
 *   node --import tsx bench/scale-out.ts        (BENCH_SECONDS=10 by default)
 */
import { fork } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays, panamaToday, slotsOn } from '@clinica/shared';
import { startServices } from '../scripts/services.mjs';
import {
  newPgDatabase,
  patient,
  redisUrl,
  staff,
  startInstance,
  type Instance,
} from '../apps/server/test/scale-out/instances.js';
import type { AppointmentLoad, AppointmentLoadSummary, BookingSlot } from './lib/appointment-load.js';
import { printTable, type BenchRow } from './lib/measure.js';

const BENCH = 'scale-out';
const DOCTORS = 12;
const PATIENTS = 10;

interface LoadSummary {
  requestsPerSecond: number;
  total: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

function child<T>(file: string, message: unknown) {
  return new Promise<T>((resolve, reject) => {
    const proc = fork(fileURLToPath(new URL(file, import.meta.url)), { stdio: 'inherit' });
    let summary: T | undefined;
    proc.once('message', (m) => {
      summary = m as T;
    });
    proc.once('error', reject);
    proc.once('exit', (code) =>
      summary ? resolve(summary) : reject(new Error(`the load generator stopped with code ${code}`)),
    );
    proc.send(message as never);
  });
}

/** CPU time (µs) the given server processes have used so far, from /proc. */
async function cpuOf(instances: Instance[]) {
  let total = 0;
  for (const i of instances) {
    const stat = (await fs.readFile(`/proc/${i.proc.pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
    total += ((Number(stat[11]) + Number(stat[12])) * 1e6) / 100;
  }
  return total;
}

/** The session check on each instance at once, `connections` split between them. */
async function sessionCheck(instances: Instance[], cookie: string, seconds: number, connections = 50) {
  const cpu = await cpuOf(instances);
  const runs = await Promise.all(
    instances.map((i) =>
      child<LoadSummary>('./lib/load-generator.ts', {
        url: `${i.url}/api/auth/session?activo=1`,
        headers: { cookie },
        connections: Math.ceil(connections / instances.length),
        duration: seconds,
      }),
    ),
  );
  const used = (await cpuOf(instances)) - cpu;
  const total = runs.reduce((a, r) => a + r.total, 0);
  return {
    requestsPerSecond: runs.reduce((a, r) => a + r.requestsPerSecond, 0),
    p50Ms: Math.max(...runs.map((r) => r.p50Ms)),
    p99Ms: Math.max(...runs.map((r) => r.p99Ms)),
    errors: runs.reduce((a, r) => a + r.errors, 0),
    serverBusy: NaN,
    serverUsPerRequest: NaN,
    cpuUsPerRequest: used / Math.max(1, total),
  };
}

/** Bookings on each instance at once, each request its own slot (disjoint lists per instance). */
async function booking(
  instances: Instance[],
  cookies: string[],
  slots: BookingSlot[],
  seconds: number,
  connections = 20,
) {
  const cpu = await cpuOf(instances);
  const share = Math.floor(slots.length / instances.length);
  const runs = await Promise.all(
    instances.map((i, k) =>
      child<AppointmentLoadSummary>('./lib/appointment-load.ts', {
        url: i.url,
        cookies,
        mode: 'book',
        slots: slots.slice(k * share, (k + 1) * share),
        connections: Math.ceil(connections / instances.length),
        durationSeconds: seconds,
      } satisfies AppointmentLoad),
    ),
  );
  const used = (await cpuOf(instances)) - cpu;
  const total = runs.reduce((a, r) => a + r.total, 0);
  return {
    requestsPerSecond: runs.reduce((a, r) => a + r.requestsPerSecond, 0),
    p50Ms: Math.max(...runs.map((r) => r.p50Ms)),
    p99Ms: Math.max(...runs.map((r) => r.p99Ms)),
    errors: runs.reduce((a, r) => a + r.errors + r.refused, 0),
    serverBusy: NaN,
    serverUsPerRequest: NaN,
    cpuUsPerRequest: used / Math.max(1, total),
    ok: runs.reduce((a, r) => a + r.ok, 0),
  };
}

/** Runs the benchmark and returns its rows (bench/run.ts prints them with the others). */
export async function run(opts: { seconds?: number } = {}): Promise<BenchRow[]> {
  const seconds = opts.seconds ?? Number(process.env.BENCH_SECONDS ?? 10);
  const services = await startServices();
  Object.assign(process.env, services.env);
  const db = await newPgDatabase('clinica_bench');
  const instances: Instance[] = [];
  try {
    const env = { DATABASE_URL: db.url, REDIS_URL: redisUrl(3), STORAGE_DRIVER: 'postgres', LOG_LEVEL: 'error' };
    instances.push(await startInstance(env), await startInstance(env));
    const [a, b] = instances as [Instance, Instance];

    const doctors: string[] = [];
    for (let i = 0; i < DOCTORS; i++) {
      const d = await staff(a.url, 'doctor');
      doctors.push((await db.query<{ id: string }>('select id from staff where correo = $1', [d.correo]))[0]!.id);
    }
    const cookies: string[] = [];
    for (let i = 0; i < PATIENTS; i++) cookies.push((await patient(i % 2 ? b.url : a.url)).browser.cookie);
    const today = panamaToday(Date.now());
    const slots: BookingSlot[] = [];
    for (const id_doctor of doctors) {
      for (let d = 1; d <= 60; d++) {
        const fecha = addDays(today, d);
        for (const hora of slotsOn(fecha)) slots.push({ id_doctor, fecha, hora });
      }
    }
    // Half the slots for the one-instance run, the other half for the two-instance run.
    const half = Math.floor(slots.length / 2);

    await sessionCheck([a], cookies[0]!, 2);
    await sessionCheck([a, b], cookies[0]!, 2);
    const one = await sessionCheck([a], cookies[0]!, seconds);
    const two = await sessionCheck([a, b], cookies[0]!, seconds);
    const bookOne = await booking([a], cookies, slots.slice(0, half), seconds);
    const bookTwo = await booking([a, b], cookies, slots.slice(half), seconds);

    const [written] = await db.query<{ n: number }>('select count(*)::int as n from appointments');
    const cores = `${os.availableParallelism()} cores shared by PostgreSQL, Redis, the load generators and the instances`;
    const load = os.loadavg()[0]!;
    const busy = load > os.availableParallelism() ? ` (machine load ${load.toFixed(1)}: figures unreliable)` : '';
    const { ok: okOne, ...bookOneRow } = bookOne;
    const { ok: okTwo, ...bookTwoRow } = bookTwo;
    return [
      { bench: BENCH, target: 'session check, 1 instance', ...one },
      {
        bench: BENCH,
        target: 'session check, 2 instances',
        ...two,
        note: `scaling factor ${(two.requestsPerSecond / one.requestsPerSecond).toFixed(2)} (${cores})${busy}`,
      },
      { bench: BENCH, target: 'booking, 1 instance', ...bookOneRow, note: `${okOne} booked` },
      {
        bench: BENCH,
        target: 'booking, 2 instances',
        ...bookTwoRow,
        note:
          `scaling factor ${(bookTwo.requestsPerSecond / bookOne.requestsPerSecond).toFixed(2)}; ${okTwo} booked; ` +
          `${written!.n} appointments in the database for ${okOne + okTwo} acknowledged${busy}`,
      },
    ];
  } finally {
    for (const i of instances) {
      await i.kill('SIGTERM');
      await fs.rm(i.dataDir, { recursive: true, force: true });
    }
    await db.close();
    services.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  printTable(await run());
}
