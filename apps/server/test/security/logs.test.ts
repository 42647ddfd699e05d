import fs from 'node:fs';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { PNG_1X1, createTestApp, multipart, validRegistration, type TestApp } from '../harness.js';
import { freshIp, member, sqlRows, type Member } from './support.js';

/**
 * Logs without personal data (issue 19): the app logs at `info` into a capture while hostile and
 * ordinary requests carrying planted values go through it, and a statement the database refuses
 * is logged; then the capture is searched for every planted value. None is there; the failed
 * request's line still has its request id.
 */
const matrix = JSON.parse(fs.readFileSync(new URL('./role-matrix.json', import.meta.url), 'utf8')) as Record<
  string,
  string[]
>;

const PLANTED = {
  correo: 'plantado.secreto@example.com',
  cedula: '8-765-4321',
  nombre: 'Nombreplantado',
  apellido: 'Apellidoplantado',
  direccion: 'Calle Plantada 77',
  celular: '6987-6543',
  sintomas: 'Síntoma plantado confidencial',
  sugerencia: 'Sugerencia plantada confidencial',
  archivo: 'archivo-plantado.png',
  password: 'clave-plantada-123',
};

let lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _enc, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

let t: TestApp;
let admin: Member;
let patient: Member;

beforeAll(async () => {
  t = await createTestApp({ MAIL_WORKER: '0', LOG_LEVEL: 'info' }, { logStream: capture });
  admin = await member(t, 'admin');
  patient = await member(t, 'patient');
}, 120_000);
afterAll(async () => t.close());

describe('logs without personal data', () => {
  it('planted values sent through the routes, valid and hostile, and a failed statement, never reach the log', async () => {
    lines = [];
    // A registration that succeeds, one refused for a control character, a failed sign-in.
    const { correo, cedula, nombre, apellido, direccion, celular, password } = PLANTED;
    const reg = validRegistration({
      correo,
      cedula,
      nombre,
      apellido,
      direccion,
      celular,
      password,
      password_confirm: password,
    });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: freshIp(),
      ...multipart(reg, [{ field: 'image_cedula', filename: PLANTED.archivo, bytes: PNG_1X1, type: 'image/png' }]),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const bad = multipart({ ...reg, correo: `otro.${PLANTED.correo}`, direccion: `${PLANTED.direccion}\u0000` }, [
      { field: 'image_cedula', filename: PLANTED.archivo, bytes: PNG_1X1, type: 'image/png' },
    ]);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: freshIp(), ...bad })).statusCode,
    ).toBe(400);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: freshIp(),
      payload: { email: PLANTED.correo, password: 'equivocada-123' },
    });
    expect(login.statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/password/forgot',
          remoteAddress: freshIp(),
          payload: { email: PLANTED.correo },
        })
      ).statusCode,
    ).toBe(200);
    // Searches with the planted values in the query string.
    await t.app.inject({
      method: 'GET',
      url: `/api/admin/patients?nombre=${encodeURIComponent(PLANTED.cedula)}`,
      headers: { cookie: admin.jar.header },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/consultations/search',
      headers: { cookie: admin.jar.header },
      payload: { input: PLANTED.correo },
    });

    // Every write route of the table, with every usual field set to a planted value, and again with U+0000.
    const routes = t.app.routeTable.filter(
      (r) => ['POST', 'PUT', 'DELETE'].includes(r.method) && r.url.startsWith('/api/'),
    );
    expect(routes.length).toBeGreaterThan(30);
    for (const variant of ['', '\u0000']) {
      const body = Object.fromEntries(
        Object.entries({ ...PLANTED, email: PLANTED.correo, input: PLANTED.cedula, analisis: PLANTED.sintomas }).map(
          ([k, v]) => [k, `${v}${variant}`],
        ),
      );
      for (const r of routes) {
        const allowed = matrix[`${r.method} ${r.url}`] ?? [];
        const who = allowed.includes('admin') ? admin : allowed.includes('patient') ? patient : undefined;
        const res = await t.app.inject({
          method: r.method as 'POST',
          url: r.url.replace(/:(\w+)/g, 'x'),
          headers: who ? { cookie: who.jar.header } : {},
          payload: body,
          remoteAddress: freshIp(),
        });
        expect(res.statusCode, `${r.method} ${r.url}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }
    }

    // A statement the database refuses (here the table is gone): PostgreSQL's error carries the
    // planted suggestion as a parameter; the answer is the generic 500, the log holds no value.
    await t.app.db.execute(sql`ALTER TABLE suggestions RENAME TO suggestions_gone`);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/suggestions',
        headers: { cookie: patient.jar.header },
        payload: { sugerencia: PLANTED.sugerencia },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ success: false, message: messages.serverError });
    } finally {
      await t.app.db.execute(sql`ALTER TABLE suggestions_gone RENAME TO suggestions`);
    }

    const log = lines.join('\n');
    // The capture is real: requests and the failure are in it, the failure with its request id and the SQL.
    expect(lines.length).toBeGreaterThan(100);
    const failure = lines
      .map(
        (l) => JSON.parse(l) as { msg?: string; reqId?: string; err?: { query?: string; cause?: { code?: string } } },
      )
      .find((l) => l.msg === 'unhandled error');
    expect(failure?.reqId).toMatch(/.+/);
    expect(failure?.err?.query).toContain('insert into "suggestions"');
    expect(failure?.err?.cause?.code).toBe('42P01');
    // No planted value, nor the account's hash or session token.
    const [row] = await sqlRows<{ password_hash: string }>(
      t,
      sql`select password_hash from patients where correo = ${PLANTED.correo}`,
    );
    const secrets = [
      ...Object.values(PLANTED),
      row!.password_hash,
      'Nombreplantado',
      patient.jar.header.split('=')[1]!.slice(0, 30),
      patient.correo,
    ];
    for (const s of secrets) expect(log, s).not.toContain(s);
    expect(log).not.toMatch(/@example\.com/);
  }, 300_000);
});
