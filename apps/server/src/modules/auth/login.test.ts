import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { sessions } from '../../db/schema.js';
import { hashToken } from './sessions.plugin.js';
import { CookieJar, createTestApp, validRegistration, type TestApp } from '../../../test/harness.js';
import {
  expectRefusal,
  expectRefusedWritingNothing,
  freshIp,
  login,
  registerPatient,
  signedIn,
  tokenOf,
  writtenState,
} from './test-support.js';

// Patient login and logout (docs/spec/patient-and-public.md, sections 4, 5 and 7; docs/spec/decisions.md "Accounts,
// roles and sessions"; issue 2: a new session id at every login, the same answer for an unknown
// e-mail and a wrong password, rate limiting).

let t: TestApp;
let patient: { email: string; password: string };
beforeAll(async () => {
  t = await createTestApp();
  const reg = validRegistration();
  expect((await registerPatient(t, reg)).statusCode).toBe(201);
  patient = { email: reg.correo, password: reg.password };
});
afterAll(async () => t.close());

const sessionRows = async (token: string) =>
  t.app.db
    .select()
    .from(sessions)
    .where(eq(sessions.id_hash, hashToken(token)));

describe('login', () => {
  it('with the right password sets an httpOnly, SameSite=Strict, Path=/ cookie and starts a server session', async () => {
    const { res, jar } = await login(t, 'patient', patient.email, patient.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: messages.loginOk });

    const setCookie = [res.headers['set-cookie']].flat().join('\n');
    expect(setCookie).toMatch(/^sid_patient=[\w-]{40,};/);
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Strict/i);
    expect(setCookie).toMatch(/; Path=\//);
    const [cookie] = res.cookies;
    expect(cookie).toMatchObject({ name: 'sid_patient', httpOnly: true, sameSite: 'Strict', path: '/' });

    const token = tokenOf(jar, 'patient')!;
    const [row] = await sessionRows(token);
    expect(row).toMatchObject({ role: 'patient', ip: expect.stringMatching(/^10\./) });
    expect(row!.id_hash).not.toBe(token); // only the hash is stored
    expect(await signedIn(t, 'patient', jar.header)).toBe(true);
    const check = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: jar.header } });
    expect(check.json()).toEqual({ loggedIn: true, user_name: 'María González' });
    expect(check.headers['cache-control']).toBe('no-store');
  });

  it('accepts the e-mail in any case and with spaces around it', async () => {
    const { res } = await login(t, 'patient', `  ${patient.email.toUpperCase()} `, patient.password);
    expect(res.statusCode).toBe(200);
  });

  it('gives a wrong password and an unknown e-mail the same status and body, and no cookie', async () => {
    const wrong = await login(t, 'patient', patient.email, 'otra-clave-999');
    const unknown = await login(t, 'patient', `nadie.${Date.now()}@example.com`, patient.password);
    expect(wrong.res.statusCode).toBe(401);
    expect(unknown.res.statusCode).toBe(wrong.res.statusCode);
    expect(unknown.res.body).toBe(wrong.res.body);
    expectRefusal(wrong.res, 401, messages.invalidCredentials);
    expect(wrong.res.headers['set-cookie']).toBeUndefined();
    expect(unknown.res.headers['set-cookie']).toBeUndefined();
  });

  it('does not let a patient password open a staff login', async () => {
    const admin = await login(t, 'admin', patient.email, patient.password);
    expectRefusal(admin.res, 401, messages.invalidCredentials);
  });

  for (const payload of [
    {},
    { email: 'alguien@example.com' },
    { password: 'x' },
    { email: '', password: '' },
    { email: '  ', password: 'x' },
  ]) {
    it(`refuses missing fields ${JSON.stringify(Object.keys(payload))} with the mandatory-fields message`, async () => {
      await expectRefusedWritingNothing(
        t,
        () => t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: freshIp() }),
        400,
        'Por favor, complete todos los campos obligatorios.',
      );
    });
  }

  it('gives a new session id at every login, and ignores a session id planted in the browser', async () => {
    const planted = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
    const jar = new CookieJar();
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: patient.email, password: patient.password },
      headers: { cookie: `sid_patient=${planted}` },
      remoteAddress: freshIp(),
    });
    jar.store(first);
    const token1 = tokenOf(jar, 'patient')!;
    expect(token1).not.toBe(planted);
    expect(await signedIn(t, 'patient', `sid_patient=${planted}`)).toBe(false);
    expect(await sessionRows(planted)).toHaveLength(0);

    await login(t, 'patient', patient.email, patient.password, jar);
    const token2 = tokenOf(jar, 'patient')!;
    expect(token2).not.toBe(token1);
    expect(token2.length).toBeGreaterThanOrEqual(43); // 32 random bytes
    expect(await sessionRows(token2)).toHaveLength(1);
  });

  it('logout ends the session on the server: the old cookie no longer works', async () => {
    const { jar } = await login(t, 'patient', patient.email, patient.password);
    const oldCookie = jar.header;
    const token = tokenOf(jar, 'patient')!;
    expect(await signedIn(t, 'patient', oldCookie)).toBe(true);

    const out = jar.store(
      await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: oldCookie } }),
    );
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, message: 'Sesión cerrada exitosamente' });
    const cleared = out.cookies.find((c) => c.name === 'sid_patient');
    expect(cleared?.value).toBe('');
    // Only the session cookie goes: the device cookie stays, so this browser remains known (issue 18).
    expect(jar.names).toEqual(['device']);

    // A copy of the old cookie (another tab, a thief) is refused by the server, not only forgotten.
    expect(await signedIn(t, 'patient', oldCookie)).toBe(false);
    expect(await sessionRows(token)).toHaveLength(0);
    const gated = await t.app.inject({ method: 'POST', url: '/api/auth/logout-all', headers: { cookie: oldCookie } });
    expectRefusal(gated, 401, messages.unauthenticated);
  });

  it('logout without a session still answers success and clears the cookie', async () => {
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(out.json()).toEqual({ success: true, message: 'Sesión cerrada exitosamente' });
  });

  it('logout of one session leaves the same account signed in on another device', async () => {
    const a = await login(t, 'patient', patient.email, patient.password);
    const b = await login(t, 'patient', patient.email, patient.password);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: a.jar.header } });
    expect(await signedIn(t, 'patient', a.jar.header)).toBe(false);
    expect(await signedIn(t, 'patient', b.jar.header)).toBe(true);
  });
});

describe('login rate limiting', () => {
  it('after LOGIN_MAX_ATTEMPTS failures even the right password gets 429, until the window passes', async () => {
    const reg = validRegistration();
    expect((await registerPatient(t, reg)).statusCode).toBe(201);
    const max = t.app.config.loginMaxAttempts;
    expect(max).toBe(5);
    for (let i = 0; i < max; i++) {
      expectRefusal((await login(t, 'patient', reg.correo, `mala-${i}`)).res, 401, messages.invalidCredentials);
    }
    const blocked = await login(t, 'patient', reg.correo, reg.password);
    expectRefusal(blocked.res, 429, 'Demasiados intentos. Espere unos minutos e intente de nuevo.');
    expect(blocked.res.headers['set-cookie']).toBeUndefined();
    // The block is per e-mail, whatever the role asked for and whatever the address.
    expectRefusal((await login(t, 'admin', reg.correo, reg.password)).res, 429);
    // Other people are not blocked.
    expect((await login(t, 'patient', patient.email, patient.password)).res.statusCode).toBe(200);

    t.clock.advance(t.app.config.loginWindowMs - 1000);
    expectRefusal((await login(t, 'patient', reg.correo, reg.password)).res, 429);
    t.clock.advance(1001);
    const after = await login(t, 'patient', reg.correo, reg.password);
    expect(after.res.statusCode).toBe(200);
    expect(await signedIn(t, 'patient', after.jar.header)).toBe(true);
  });

  it('blocks an unknown e-mail the same way, with the same answer', async () => {
    const reg = validRegistration();
    expect((await registerPatient(t, reg)).statusCode).toBe(201);
    const unknown = `nadie.${Date.now()}@example.com`;
    const max = t.app.config.loginMaxAttempts;
    for (let i = 0; i < max; i++) {
      await login(t, 'patient', unknown, `mala-${i}`);
      await login(t, 'patient', reg.correo, `mala-${i}`);
    }
    const forUnknown = await login(t, 'patient', unknown, 'cualquiera');
    const forKnown = await login(t, 'patient', reg.correo, reg.password);
    expectRefusal(forUnknown.res, 429, messages.tooManyAttempts);
    expect(forUnknown.res.body).toBe(forKnown.res.body);
    expect(forUnknown.res.statusCode).toBe(forKnown.res.statusCode);
    t.clock.advance(t.app.config.loginWindowMs);
  });

  it('a success before the limit clears the e-mail count', async () => {
    const reg = validRegistration();
    expect((await registerPatient(t, reg)).statusCode).toBe(201);
    const max = t.app.config.loginMaxAttempts;
    for (let i = 0; i < max - 1; i++) await login(t, 'patient', reg.correo, `mala-${i}`);
    expect((await login(t, 'patient', reg.correo, reg.password)).res.statusCode).toBe(200);
    for (let i = 0; i < max - 1; i++) await login(t, 'patient', reg.correo, `mala-${i}`);
    expect((await login(t, 'patient', reg.correo, reg.password)).res.statusCode).toBe(200);
  });

  it('also limits one address trying many e-mails', async () => {
    const ip = freshIp();
    const before = await writtenState(t);
    let last = 0;
    for (let i = 0; i < t.app.config.loginMaxAttempts * 4 + 1; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `x${i}.${Date.now()}@example.com`, password: 'x' },
        remoteAddress: ip,
      });
      last = res.statusCode;
    }
    expect(last).toBe(429);
    // The right password of a real account from that address is refused too, and starts no session.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: patient.email, password: patient.password },
      remoteAddress: ip,
    });
    expectRefusal(res, 429, messages.tooManyAttempts);
    expect((await writtenState(t)).sessions).toBe(before.sessions);
    t.clock.advance(t.app.config.loginWindowMs);
  });
});

describe('the session row', () => {
  it('records the time of the login on the server clock', async () => {
    const { jar } = await login(t, 'patient', patient.email, patient.password);
    const [row] = await t.app.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.id_hash, hashToken(tokenOf(jar, 'patient')!)), eq(sessions.role, 'patient')));
    expect(row!.created_at.getTime()).toBe(t.clock.now());
    expect(row!.last_activity_at.getTime()).toBe(t.clock.now());
  });
});
