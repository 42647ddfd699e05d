/**
 * The hold-expiry sweep's query plan (decision 0050; index added in session 10, decision 0049):
 * 10,000 appointments on PGlite (a realistic mix: most confirmed or cancelled, a few transfer or
 * Yappy bookings waiting for review), then EXPLAIN ANALYZE of the sweep's query without and with
 * the partial index `appointments_pending_created_idx`, each the best of 20 runs.
 *
 *   node --import tsx bench/hold-sweep-plan.ts
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { parseConfig } from '../apps/server/src/infra/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { buildApp } from '../apps/server/src/app.js';
import { PNG_1X1, multipart, validRegistration } from '../apps/server/test/harness.js';

const ROWS = 10_000;
const PENDING_EVERY = 50; // 200 of 10,000 wait for review
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'clinica-sweep-plan-'));
const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', MAIL_WORKER: '0' });
const database = await openDatabase({ dataDir: config.dataDir });
const app = await buildApp({ config, database, logger: false });
try {
  const reg = validRegistration();
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', ...multipart(reg, [{ field: 'image_cedula', filename: 'c.png', bytes: PNG_1X1 }]) });
  if (res.statusCode !== 201) throw new Error(res.body);
  const doctorMail = `plan.doctor.${Date.now()}@example.com`;
  const doc = await app.inject({
    method: 'POST',
    url: '/api/doctor/register',
    payload: { clave_seguridad: 'demo-clave-doctor', nombre: 'Ana', apellido: 'Plan', correo: doctorMail, password: 'secreto-seguro-1', password_confirm: 'secreto-seguro-1', servicio: 'consulta_general' },
  });
  if (doc.statusCode !== 201) throw new Error(doc.body);
  const [patient] = rowsOf<{ id: string }>(await app.db.execute(sql`select id from patients where correo = ${reg.correo}`));
  const [doctor] = rowsOf<{ id: string }>(await app.db.execute(sql`select id from staff where correo = ${doctorMail}`));

  // One PayPal payment per appointment (a payment pays one thing); one slot each (14 a day).
  await app.db.execute(sql`
    insert into payments (token, patient_id, proposito, servicio, monto_cents, metodo_de_pago, estado, acuerdo, paypal_order_id, created_at)
    select 'plan-' || i, ${patient!.id}, 'cita', 'consulta_general', 4000, 'Paypal o Tarjeta',
           case when i % ${PENDING_EVERY} = 0 then 'pendiente' else 'aprobado' end, true, 'order-' || i,
           timestamptz '2025-01-01 12:00Z' + make_interval(mins => i)
    from generate_series(1, ${ROWS}) i`);
  await app.db.execute(sql`
    insert into appointments (token, patient_id, doctor_id, servicio, fecha, hora, inicio, mensaje, estado, payment_id, reservada_hasta, cancelada_por, created_at)
    select 'plan-' || i, ${patient!.id}, ${doctor!.id}, 'consulta_general',
           date '2025-01-02' + (i / 14), lpad((8 + i % 14)::text, 2, '0') || ':00',
           (date '2025-01-02' + (i / 14))::timestamp + make_interval(hours => 13 + i % 14),
           'x',
           case when i % ${PENDING_EVERY} = 0 then 'pendiente' when i % 7 = 0 then 'cancelada' else 'confirmada' end,
           p.id,
           case when i % ${PENDING_EVERY} = 0 then timestamptz '2025-01-01 12:00Z' + make_interval(mins => i) + interval '24 hours' end,
           case when i % ${PENDING_EVERY} <> 0 and i % 7 = 0 then 'paciente' end,
           timestamptz '2025-01-01 12:00Z' + make_interval(mins => i)
    from generate_series(1, ${ROWS}) i join payments p on p.token = 'plan-' || i`);
  await app.db.execute(sql`analyze appointments`);
  const counts = rowsOf<{ estado: string; n: number }>(await app.db.execute(sql`select estado, count(*)::int as n from appointments group by estado order by estado`));

  // The repository's lapsedPending (appointments.repository.ts), written out: at an instant when
  // every waiting booking has lapsed, with the default 24-hour hold.
  const sweep = sql`select id, payment_id from appointments
    where estado = 'pendiente'
      and coalesce(reservada_hasta, least(created_at + make_interval(secs => ${24 * 3600}), inicio)) <= ${'2026-01-01T00:00:00Z'}::timestamptz
    order by created_at asc limit 100`;

  async function plan(label: string) {
    let best: { ms: number; text: string } | undefined;
    for (let i = 0; i < 20; i++) {
      const lines = rowsOf<Record<string, string>>(await app.db.execute(sql`explain (analyze, buffers) ${sweep}`)).map((r) => Object.values(r)[0]!);
      const ms = Number(/Execution Time: ([\d.]+)/.exec(lines.join('\n'))?.[1]);
      if (!best || ms < best.ms) best = { ms, text: lines.join('\n') };
    }
    console.log(`\n=== ${label}: execution ${best!.ms.toFixed(3)} ms (best of 20)\n${best!.text}`);
    return best!.ms;
  }

  console.log(`appointments: ${counts.map((c) => `${c.n} ${c.estado}`).join(', ')}`);
  await app.db.execute(sql`drop index if exists appointments_pending_created_idx`);
  const before = await plan('without the partial index');
  await app.db.execute(sql`create index appointments_pending_created_idx on appointments (created_at) where estado = 'pendiente'`);
  await app.db.execute(sql`analyze appointments`);
  const after = await plan('with appointments_pending_created_idx');
  console.log(`\nsweep query: ${before.toFixed(3)} ms -> ${after.toFixed(3)} ms (${(before / after).toFixed(1)}x)`);
} finally {
  await app.close();
  await fs.rm(dataDir, { recursive: true, force: true });
}
