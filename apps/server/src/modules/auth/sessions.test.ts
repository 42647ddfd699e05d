import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, messages } from '@clinica/shared';
import { parseConfig } from '../../infra/config.js';
import { fromPglite } from '../../db/client.js';
import { sessions } from '../../db/schema.js';
import { buildApp } from '../../app.js';
import { SessionStore, hashToken } from './sessions.plugin.js';
import { createTestApp, validRegistration, type CookieJar, type TestApp } from '../../../test/harness.js';
import {
  cookieName,
  expectRefusal,
  freshIp,
  login,
  registerPatient,
  registerStaff,
  signedIn,
  tokenOf,
  writtenState,
  type Role,
} from './test-support.js';

// Sessions on the server: role gates (each role's check against the others' cookies), the Origin
// check, deny-by-default routes, idle expiry after 30 minutes and the 12-hour limit, on the
// injected clock (docs/spec/decisions.md "Accounts, roles and sessions").

let t: TestApp;
const creds = {} as Record<Role, { email: string; password: string }>;
beforeAll(async () => {
  t = await createTestApp();
  const reg = validRegistration();
  expect((await registerPatient(t, reg)).statusCode).toBe(201);
  creds.patient = { email: reg.correo, password: reg.password };
  creds.admin = await registerStaff(t, 'admin');
  creds.doctor = await registerStaff(t, 'doctor');
});
afterAll(async () => t.close());

const ROLES: Role[] = ['patient', 'admin', 'doctor'];
const MINUTE = 60_000;

const signIn = async (role: Role) => {
  const { res, jar } = await login(t, role, creds[role].email, creds[role].password);
  expect(res.statusCode).toBe(200);
  return jar;
};
const rowOf = async (jar: CookieJar, role: Role) =>
  (
    await t.app.db
      .select()
      .from(sessions)
      .where(eq(sessions.id_hash, hashToken(tokenOf(jar, role)!)))
  )[0];

describe('role gates', () => {
  for (const owner of ROLES) {
    for (const checker of ROLES.filter((r) => r !== owner)) {
      it(`a ${owner} session is not a ${checker} session`, async () => {
        const jar = await signIn(owner);
        // The owner's own cookie, as the browser sends it, and its token under the other role's name.
        expect(await signedIn(t, checker, jar.header)).toBe(false);
        const forged = `${cookieName(checker)}=${tokenOf(jar, owner)!}`;
        expect(await signedIn(t, checker, forged)).toBe(false);
        // The token stays valid for its own role.
        expect(await signedIn(t, owner, jar.header)).toBe(true);
      });

      it(`the gated POST /api/auth/logout-all refuses a ${owner} token sent as a ${checker} cookie`, async () => {
        const jar = await signIn(owner);
        const forged = `${cookieName(checker)}=${tokenOf(jar, owner)!}`;
        const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout-all', headers: { cookie: forged } });
        expectRefusal(res, 401, messages.unauthenticated);
        expect(await signedIn(t, owner, jar.header)).toBe(true);
      });
    }

    it(`the gated POST /api/auth/logout-all lets a ${owner} in`, async () => {
      const jar = await signIn(owner);
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout-all', headers: { cookie: jar.header } });
      expect(res.statusCode).toBe(200);
      expect(await signedIn(t, owner, jar.header)).toBe(false);
    });
  }

  it('the gated route refuses no cookie, an unknown token and a malformed cookie with 401', async () => {
    for (const cookie of [undefined, 'sid_patient=desconocido', 'sid_admin=' + 'x'.repeat(5000), 'sid_doctor=%%%']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout-all',
        headers: cookie ? { cookie } : {},
      });
      expectRefusal(res, 401, messages.unauthenticated);
    }
  });

  it('every session check answers false, not an error, without a cookie', async () => {
    for (const role of ROLES) expect(await signedIn(t, role, '')).toBe(false);
  });
});

describe('the Origin check', () => {
  it('refuses a POST from a foreign origin with 403 and the catalogue message, starting no session', async () => {
    const before = await writtenState(t);
    for (const origin of ['https://evil.example', 'null', 'http://localhost.evil.example', 'no es una url']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: creds.patient.email, password: creds.patient.password },
        headers: { origin },
        remoteAddress: freshIp(),
      });
      expectRefusal(res, 403, 'Solicitud rechazada: origen no permitido.');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect((await writtenState(t)).sessions).toBe(before.sessions);
  });

  it('refuses a foreign-origin logout-all even with a valid cookie, and the session survives', async () => {
    const jar = await signIn('admin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout-all',
      headers: { cookie: jar.header, origin: 'https://evil.example' },
    });
    expectRefusal(res, 403, messages.foreignOrigin);
    expect(await signedIn(t, 'admin', jar.header)).toBe(true);
  });

  it('lets the same origin in, with or without the default port', async () => {
    for (const [host, origin] of [
      ['clinica.example', 'http://clinica.example'],
      ['clinica.example:80', 'http://clinica.example'],
      ['clinica.example:3000', 'http://clinica.example:3000'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: creds.patient.email, password: creds.patient.password },
        headers: { host, origin },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode, `${host} ${origin}`).toBe(200);
    }
    const wrongPort = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { host: 'clinica.example:3000', origin: 'http://clinica.example:4000' },
    });
    expectRefusal(wrongPort, 403, messages.foreignOrigin);
  });

  it('does not refuse a GET with a foreign Origin (reading a session check changes nothing)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('deny by default', () => {
  it('an /api route without config.access stops the app from being built; a declared one is fine', async () => {
    const snapshot = process.env.CLINICA_TEST_SNAPSHOT!;
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'clinica-access-'));
    const client = new PGlite({ loadDataDir: new Blob([await fs.readFile(snapshot)]) });
    const app = await buildApp({
      config: parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
      database: fromPglite(client),
      logger: false,
    });
    try {
      expect(() => app.post('/api/x', async () => ({ ok: true }))).toThrow(/config\.access/);
      expect(() => app.get('/api/y', { config: {} }, async () => ({ ok: true }))).toThrow(/no declara/);
      expect(() => app.get('/api/z', { config: { access: 'admin' } }, async () => ({ ok: true }))).not.toThrow();
      expect(() => app.get('/fuera-de-api', async () => ({ ok: true }))).not.toThrow();
      await app.ready();
      // The declared route is gated: without an administrator's session it answers 401.
      expectRefusal(await app.inject({ method: 'GET', url: '/api/z' }), 401, messages.unauthenticated);
    } finally {
      await app.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('idle expiry on the server (30 minutes)', () => {
  for (const role of ROLES) {
    it(`${role}: 29 idle minutes keep the session, 31 end it on the server`, async () => {
      const jar = await signIn(role);
      t.clock.advance(29 * MINUTE);
      expect(await signedIn(t, role, jar.header)).toBe(true);
      t.clock.advance(2 * MINUTE);
      expect(await signedIn(t, role, jar.header)).toBe(false);
      // Gone on the server: the row is deleted and a gated call is refused.
      expect(await rowOf(jar, role)).toBeUndefined();
      const gated = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout-all',
        headers: { cookie: jar.header },
      });
      expectRefusal(gated, 401, messages.unauthenticated);
      // Going back in time (a clock fix) does not bring it back.
      t.clock.advance(-2 * MINUTE);
      expect(await signedIn(t, role, jar.header)).toBe(false);
      t.clock.advance(2 * MINUTE);
    });
  }

  it('the limit is exactly SESSION_IDLE_MS (30 minutes)', () => {
    expect(SESSION_IDLE_MS).toBe(30 * MINUTE);
    expect(SESSION_ABSOLUTE_MS).toBe(12 * 60 * MINUTE);
  });

  it('polls with activo=0 (or no activo) do not keep the session alive', async () => {
    const jar = await signIn('patient');
    for (let minute = 5; minute <= 30; minute += 5) {
      t.clock.advance(5 * MINUTE);
      expect(await signedIn(t, 'patient', jar.header, minute % 10 === 0 ? '0' : undefined)).toBe(true);
    }
    t.clock.advance(1 * MINUTE + 1);
    expect(await signedIn(t, 'patient', jar.header, '0')).toBe(false);
  });

  it('a poll with activo=1 restarts the 30 minutes, and the server records it', async () => {
    const jar = await signIn('doctor');
    const loginAt = t.clock.now();
    t.clock.advance(20 * MINUTE);
    expect(await signedIn(t, 'doctor', jar.header, '1')).toBe(true);
    // Recorded in the database too (not only in memory), so another instance or a restart agrees.
    expect((await rowOf(jar, 'doctor'))!.last_activity_at.getTime()).toBe(loginAt + 20 * MINUTE);
    t.clock.advance(29 * MINUTE);
    expect(await signedIn(t, 'doctor', jar.header)).toBe(true);
    t.clock.advance(2 * MINUTE);
    expect(await signedIn(t, 'doctor', jar.header)).toBe(false);
  });

  it('ends a session 12 hours after login even with activity all along', async () => {
    const jar = await signIn('patient');
    const start = t.clock.now();
    while (t.clock.now() - start < SESSION_ABSOLUTE_MS - 20 * MINUTE) {
      t.clock.advance(20 * MINUTE);
      expect(await signedIn(t, 'patient', jar.header, '1')).toBe(true);
    }
    t.clock.ms = start + SESSION_ABSOLUTE_MS - 1000;
    expect(await signedIn(t, 'patient', jar.header, '1')).toBe(true);
    t.clock.advance(2000);
    expect(await signedIn(t, 'patient', jar.header, '1')).toBe(false);
    expect(await rowOf(jar, 'patient')).toBeUndefined();
  });

  it('a new login after expiry works and gives a new session', async () => {
    const jar = await signIn('admin');
    const old = tokenOf(jar, 'admin');
    t.clock.advance(31 * MINUTE);
    expect(await signedIn(t, 'admin', jar.header)).toBe(false);
    await login(t, 'admin', creds.admin.email, creds.admin.password, jar);
    expect(tokenOf(jar, 'admin')).not.toBe(old);
    expect(await signedIn(t, 'admin', jar.header)).toBe(true);
  });

  it('lives in the database: a restarted server (a new store) knows the session and its last activity', async () => {
    const jar = await signIn('patient');
    t.clock.advance(20 * MINUTE);
    expect(await signedIn(t, 'patient', jar.header, '1')).toBe(true);
    const restarted = new SessionStore(t.app.db, t.clock.now);
    const token = tokenOf(jar, 'patient')!;
    expect(restarted.cached('patient', token)).toBeUndefined(); // nothing in its memory yet
    expect(await restarted.resolve('patient', token)).toMatchObject({ role: 'patient', nombre: 'María' });
    expect(await restarted.resolve('admin', token)).toBeNull();
    t.clock.advance(29 * MINUTE);
    expect(await new SessionStore(t.app.db, t.clock.now).resolve('patient', token)).not.toBeNull();
    t.clock.advance(2 * MINUTE);
    expect(await new SessionStore(t.app.db, t.clock.now).resolve('patient', token)).toBeNull();
  });

  it('the sweep deletes expired rows that nobody polled', async () => {
    const jar = await signIn('doctor');
    t.clock.advance(31 * MINUTE);
    expect(await rowOf(jar, 'doctor')).toBeDefined();
    expect(await t.app.sessions.sweep()).toBeGreaterThanOrEqual(1);
    expect(await rowOf(jar, 'doctor')).toBeUndefined();
    expect(await signedIn(t, 'doctor', jar.header)).toBe(false);
  });
});
