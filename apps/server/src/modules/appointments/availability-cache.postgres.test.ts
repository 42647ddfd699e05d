import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { parseConfig } from '../../infra/config.js';
import { openDatabase } from '../../db/client.js';
import { InProcessPubSub } from '../../infra/pubsub.js';
import { CookieJar, PNG_1X1, multipart, validRegistration } from '../../../test/harness.js';
import { hasPostgres, startPostgres } from '../../../test/postgres.js';
import { rowsOf } from './appointments.test-support.js';

// The free-hours cache in scale-out (decision 0048): two instances on one PostgreSQL share a pub/sub
// (Redis in production; one in-process hub here). The clock is frozen, so no cached entry would
// ever expire by itself: what instance A shows after a write on instance B is the invalidation's doing.

const clock = { ms: Date.parse('2026-11-21T15:00:00Z') };

describe.skipIf(!hasPostgres)('free hours cached per instance, dropped on every instance by a write', () => {
  let pg: Awaited<ReturnType<typeof startPostgres>>;
  let dataDir: string;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    pg = await startPostgres();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'clinica-pgcache-'));
    const pubsub = new InProcessPubSub();
    for (let i = 0; i < 2; i++) {
      const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', MAIL_WORKER: '0', DATABASE_URL: pg.url });
      const database = await openDatabase({ databaseUrl: pg.url, dataDir });
      const app = await buildApp({ config, database, now: () => clock.ms, logger: false, pubsub });
      await app.ready();
      apps.push(app);
    }
  }, 120_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    pg?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  async function signIn(app: FastifyInstance, url: string, payload: Record<string, string>) {
    const jar = new CookieJar();
    const res = jar.store(await app.inject({ method: 'POST', url, payload }));
    if (res.statusCode !== 200) throw new Error(res.body);
    return jar;
  }

  it('a booking and new weekly hours on instance B show at once in the free hours of instance A', async () => {
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
    const doctorJar = await signIn(b, '/api/doctor/login', { email: correo, password });
    const p = validRegistration({ correo: `p.${Math.random().toString(36).slice(2)}@example.com` });
    const created = await a.inject({ method: 'POST', url: '/api/auth/register', ...multipart(p, [{ field: 'image_cedula', filename: 'c.png', bytes: PNG_1X1 }]) });
    expect(created.statusCode, created.body).toBe(201);
    const patientJar = await signIn(a, '/api/auth/login', { email: p.correo, password: p.password });

    const hoursOnA = async () => {
      const res = await a.inject({ method: 'GET', url: `/api/appointments/hours?id=${doctor!.id}&fecha=2026-11-25`, headers: { cookie: patientJar.header } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<string[]>();
    };
    expect(await hoursOnA()).toContain('10:00');

    const body = multipart(
      { servicio: 'consulta_general', id_doctor: doctor!.id, fecha: '2026-11-25', hora: '10:00', mensaje: 'Control', metodo_de_pago: 'Yappy', monto: '10' },
      [{ field: 'comprobante_tranferencia', filename: 'r.png', bytes: PNG_1X1 }],
    );
    const booked = await b.inject({ method: 'POST', url: '/api/appointments/receipt', headers: { ...body.headers, cookie: patientJar.header }, payload: body.payload });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(await hoursOnA()).not.toContain('10:00');

    const week = { lunes: [], martes: [], miercoles: [{ desde: '10:00', hasta: '12:00' }], jueves: [], viernes: [], sabado: [], domingo: [] };
    const set = await b.inject({ method: 'PUT', url: '/api/doctor/weekly-hours', headers: { cookie: doctorJar.header }, payload: { horario: week } });
    expect(set.json(), set.body).toMatchObject({ aplicado: true });
    expect(await hoursOnA()).toEqual(['11:00']);
  });
});
