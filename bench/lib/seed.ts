/**
 * What the benchmarks that seed a database share (bench/records.ts, bench/dashboard.ts): raw-SQL
 * helpers, the staff accounts they sign in with, the patients and doctors they seed, and the
 * one-at-a-time timing loop with its percentiles. One copy, so the two benches seed and measure
 * alike.
 */
import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.js';
import type { buildApp } from '../../apps/server/src/app.js';
import { sealText } from '../../apps/server/src/db/field-crypto.js';
import type { BenchRow } from './measure.js';

/** The rows of a raw query. */
export async function rows<T>(database: Database, query: SQL): Promise<T[]> {
  const res: unknown = await database.db.execute(query);
  return (res as { rows: T[] }).rows;
}

export const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
export const pgArray = (xs: string[]) => `ARRAY[${xs.map(quote).join(',')}]`;
/** A value sealed as the encrypted columns hold it (decision 0030), as an SQL literal. */
export const sealedLiteral = (plain: string) => quote(sealText(plain));

/** The p-th percentile of sorted times (nearest rank). */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * A staff member registered with the key, approved (a registered staff account waits for an
 * administrator, decision 0025) and signed in: the cookie header and the address.
 */
export async function staffCookie(app: Awaited<ReturnType<typeof buildApp>>, role: 'admin' | 'doctor', key: string) {
  const correo = `bench.${role}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@clinica.test`;
  const password = 'secreto-seguro-1';
  const reg = await app.inject({
    method: 'POST',
    url: `/api/${role}/register`,
    payload: { clave_seguridad: key, nombre: 'Bench', apellido: role, correo, password, password_confirm: password, ...(role === 'doctor' ? { servicio: 'consulta_general' } : {}) },
  });
  if (reg.statusCode !== 201) throw new Error(reg.body);
  await app.db.execute(sql`update staff set estado = 'activo' where correo = ${correo}`);
  const login = await app.inject({ method: 'POST', url: `/api/${role}/login`, payload: { email: correo, password } });
  if (login.statusCode !== 200) throw new Error(login.body);
  return { cookie: login.cookies.map((c) => `${c.name}=${c.value}`).join('; '), correo };
}

/** `n` active doctors (no password: they never sign in), their ids. */
export async function seedDoctors(database: Database, n: number, prefix = 'bench.doctor') {
  return (
    await rows<{ id: string }>(
      database,
      sql`INSERT INTO staff (role, nombre, apellido, correo, password_hash, servicio, estado)
          SELECT 'doctor', 'Médico', 'Bench ' || i, ${prefix} || '.' || i || '.' || ${Date.now()} || '@clinica.test', 'x', 'consulta_general', 'activo'
          FROM generate_series(1, ${n}) i RETURNING id`,
    )
  ).map((r) => r.id);
}

/**
 * `n` patients with first names from `names` (the i-th gets names[i % names.length] unless
 * `nameOf` says otherwise) and their encrypted columns (decision 0030) sealed once here and
 * repeated: every row then costs what a real row costs to read (one AES-256-GCM opening per value)
 * without sealing a million values in SQL. Created one second apart, the last one now.
 */
export async function seedPatients(database: Database, n: number, opts: { nameOf?: string; lastNames?: string[] } = {}) {
  const sealed = sealedLiteral;
  const lastNames = opts.lastNames ?? ['Bench'];
  await database.db.execute(
    sql.raw(`
    INSERT INTO patients (id, nombre, apellido, cedula, correo, password_hash, nacionalidad, genero, edad, direccion, country_code, celular, acuerdo, acuerdo_at, created_at)
    SELECT gen_random_uuid(), ${opts.nameOf ?? quote('Paciente')},
           (${pgArray(lastNames)})[1 + (i::bigint * 104729) % ${lastNames.length}],
           ${sealed('8-123-4567')}, 'bench' || i || '@example.com', 'x', 'Panamá', 'femenino', 18 + i % 70,
           ${sealed('Calle 50, Ciudad de Panamá')}, '+507', ${sealed('61234567')}, true, now(), now() - make_interval(secs => ${n} - i)
    FROM generate_series(1, ${n}) AS i`),
  );
}

/**
 * Runs `once` `n` times one after another (after `warmup` runs) and returns the bench row, with
 * the p95 and whether it met `aimMs` in the note.
 */
export async function measureOneAtATime(
  opts: { bench: string; target: string; n: number; warmup: number; aimMs: number; conditions: string },
  once: () => Promise<unknown>,
): Promise<{ row: BenchRow; p95: number; cpuP95: number }> {
  for (let i = 0; i < opts.warmup; i++) await once();
  const times: number[] = [];
  // CPU time per run too: on this shared 2-core machine the wall time mostly measures the others'
  // load (PGlite runs on this thread, so its CPU time is the query's own cost).
  const cpuTimes: number[] = [];
  const before = performance.eventLoopUtilization();
  const start = performance.now();
  for (let i = 0; i < opts.n; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await once();
    times.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpuTimes.push((c.user + c.system) / 1000);
  }
  const total = performance.now() - start;
  const elu = performance.eventLoopUtilization(before);
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  const cpuP95 = percentile(cpuTimes, 95);
  return {
    p95,
    cpuP95,
    row: {
      bench: opts.bench,
      target: opts.target,
      requestsPerSecond: (opts.n * 1000) / total,
      p50Ms: percentile(times, 50),
      p99Ms: percentile(times, 99),
      errors: 0,
      serverBusy: elu.utilization,
      serverUsPerRequest: (elu.active * 1000) / opts.n,
      cpuUsPerRequest: (cpuTimes.reduce((a, b) => a + b, 0) * 1000) / opts.n,
      note: `p95 ${p95.toFixed(2)} ms (aim < ${opts.aimMs} ms: ${p95 < opts.aimMs ? 'met' : 'MISSED'}), CPU p95 ${cpuP95.toFixed(2)} ms; ${opts.n} runs one at a time, ${opts.conditions}`,
    },
  };
}
