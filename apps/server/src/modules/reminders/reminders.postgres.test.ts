import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { parseConfig } from '../../infra/config.js';
import { openDatabase } from '../../db/client.js';
import { CookieJar, PNG_1X1, multipart, validRegistration } from '../../../test/harness.js';
import { hasPostgres, startPostgres } from '../../../test/postgres.js';
import { startPaypalStandIn, type PaypalStandIn } from '../payments/paypal-stand-in/stand-in.plugin.js';
import { rowsOf } from '../appointments/appointments.test-support.js';

// Two instances on one PostgreSQL sweep for reminders at the same moments (decision 0052): each
// reminder is claimed by exactly one of them, so the patient gets it once.

const clock = { ms: Date.parse('2026-11-21T15:00:00Z') };

describe.skipIf(!hasPostgres)('reminders with two instances sweeping at once', () => {
  let pg: Awaited<ReturnType<typeof startPostgres>>;
  let paypal: PaypalStandIn;
  let dataDir: string;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    pg = await startPostgres();
    paypal = await startPaypalStandIn();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'clinica-pgremind-'));
    for (let i = 0; i < 2; i++) {
      const config = parseConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        MAIL_WORKER: '0',
        DATABASE_URL: pg.url,
        PAYPAL_CLIENT_ID: 'test-client-id',
        PAYPAL_CLIENT_SECRET: 'test-client-secret',
        PAYPAL_API_BASE: paypal.url,
        PAYPAL_SDK_URL: `${paypal.url}/sdk/js`,
      });
      const database = await openDatabase({ databaseUrl: pg.url, dataDir });
      const app = await buildApp({ config, database, now: () => clock.ms, logger: false });
      await app.ready();
      apps.push(app);
    }
  }, 120_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    await paypal?.close();
    pg?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('five confirmed appointments, 20 sweeps racing on two instances: five reminders at 24 h, five at 2 h', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const correo = `doc.${Math.random().toString(36).slice(2)}@example.com`;
    const password = 'secreto-seguro-1';
    const reg = await a.inject({
      method: 'POST',
      url: '/api/doctor/register',
      payload: { clave_seguridad: 'demo-clave-doctor', nombre: 'Ana', apellido: 'Castillo', correo, password, password_confirm: password, servicio: 'consulta_general' },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const [doctor] = rowsOf<{ id: string }>(await a.db.execute(sql`update staff set estado = 'activo' where correo = ${correo} returning id`));
    const p = validRegistration({ correo: `p.${Math.random().toString(36).slice(2)}@example.com` });
    const created = await a.inject({ method: 'POST', url: '/api/auth/register', ...multipart(p, [{ field: 'image_cedula', filename: 'c.png', bytes: PNG_1X1 }]) });
    expect(created.statusCode, created.body).toBe(201);
    await a.db.execute(sql`update patients set email_verified_at = now() where correo = ${p.correo}`);
    const jar = new CookieJar();
    jar.store(await a.inject({ method: 'POST', url: '/api/auth/login', payload: { email: p.correo, password: p.password } }));

    // Monday 2026-11-23, 9:00 to 13:00 (Panama), each paid by PayPal: confirmed.
    for (const hora of ['09:00', '10:00', '11:00', '12:00', '13:00']) {
      const body = { servicio: 'consulta_general', id_doctor: doctor!.id, fecha: '2026-11-23', hora, mensaje: 'Control', metodo_de_pago: 'Paypal o Tarjeta', monto: 10 };
      const order = await a.inject({ method: 'POST', url: '/api/appointments/paypal/order', headers: { cookie: jar.header }, payload: body });
      expect(order.statusCode, order.body).toBe(200);
      const orderID = order.json<{ id: string }>().id;
      await paypal.approve(orderID);
      const { metodo_de_pago: _m, ...rest } = body;
      const captured = await a.inject({ method: 'POST', url: '/api/appointments/paypal/capture', headers: { cookie: jar.header }, payload: { ...rest, orderID, payerID: 'PAYER123' } });
      expect(captured.statusCode, captured.body).toBe(200);
    }

    const race = async () => (await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).reminders.sweep()))).reduce((x, y) => x + y, 0);
    const queued = async () =>
      rowsOf<{ n: number }>(await a.db.execute(sql`select count(*)::int as n from mail_jobs where recipient = ${p.correo} and kind = 'appointmentReminder'`))[0]!.n;

    // Sunday 13:30: all five within 24 hours.
    clock.ms = Date.parse('2026-11-22T13:30:00-05:00');
    expect(await race()).toBe(5);
    expect(await queued()).toBe(5);
    // Monday 8:30: the 9:00 and 10:00 ones within 2 hours; 10:30: 11:00 and 12:00; 11:30: 13:00.
    clock.ms = Date.parse('2026-11-23T08:30:00-05:00');
    expect(await race()).toBe(2);
    clock.ms = Date.parse('2026-11-23T10:30:00-05:00');
    expect(await race()).toBe(2);
    clock.ms = Date.parse('2026-11-23T11:30:00-05:00');
    expect(await race()).toBe(1);
    expect(await race()).toBe(0);
    expect(await queued()).toBe(10);
  });
});
