import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, TWO_FACTOR_CHALLENGE_MS } from '@clinica/shared';
import { auditLog, staff, staffRecoveryCodes, staffTwoFactor } from '../../db/schema.js';
import { decrypt } from '../../infra/storage.js';
import { CookieJar, createTestApp, type TestApp } from '../../../test/harness.js';
import { expectRefusal, freshIp, registerStaff, signedIn } from '../auth/test-support.js';
import { totpOf } from './two-factor.service.js';

// Two-factor sign-in of administrators and doctors (issue 11, item 6; ASVS level 2): enrolment
// with a TOTP authenticator, the code at every sign-in, one-time recovery codes, and staff
// sessions held to the enrolment while configuration requires it.

type StaffRole = 'admin' | 'doctor';
const ip = freshIp();

const post = (t: TestApp, url: string, jar: CookieJar, payload?: unknown) =>
  t.app
    .inject({ method: 'POST', url, payload: payload as object, headers: { cookie: jar.header }, remoteAddress: ip })
    .then((r) => jar.store(r));
const get = (t: TestApp, url: string, jar: CookieJar) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: jar.header }, remoteAddress: ip }).then((r) => jar.store(r));

const codeAt = (secret: string, ms: number) => totpOf(secret, 'x').generate({ timestamp: ms });

/** Registers and signs in a staff account with the password; returns its jar and credentials. */
async function signUp(t: TestApp, role: StaffRole) {
  const creds = await registerStaff(t, role);
  const jar = new CookieJar();
  const res = await post(t, `/api/${role}/login`, jar, creds);
  expect(res.statusCode, res.body).toBe(200);
  return { ...creds, jar };
}

/** Enrols the signed-in account: returns the secret and the recovery codes. */
async function enrol(t: TestApp, role: StaffRole, jar: CookieJar) {
  const setup = await post(t, `/api/${role}/two-factor/setup`, jar);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secreto } = setup.json<{ secreto: string }>();
  const confirm = await post(t, `/api/${role}/two-factor/confirm`, jar, { codigo: codeAt(secreto, t.clock.now()) });
  expect(confirm.statusCode, confirm.body).toBe(200);
  // The code just used cannot be used again: later sign-ins use the next 30-second step.
  t.clock.advance(30_000);
  return { secret: secreto, recovery: confirm.json<{ codigos_recuperacion: string[] }>().codigos_recuperacion };
}

async function passwordStep(
  t: TestApp,
  role: StaffRole,
  creds: { email: string; password: string },
  jar = new CookieJar(),
) {
  const res = await post(t, `/api/${role}/login`, jar, { email: creds.email, password: creds.password });
  return { res, jar };
}

describe('two-factor sign-in, optional (the demo and test configuration)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('a new staff account signs in with the password alone and is not enrolled', async () => {
    const { jar } = await signUp(t, 'admin');
    expect(await signedIn(t, 'admin', jar.header)).toBe(true);
    const status = await get(t, '/api/admin/two-factor', jar);
    expect(status.json()).toEqual({ activo: false, obligatorio: false, codigos_restantes: 0, restringida: false });
    expect((await get(t, '/api/admin/consultations', jar)).statusCode).toBe(200);
  });

  for (const role of ['admin', 'doctor'] as const) {
    it(`${role}: enrolment gives a QR of the otpauth URI, the secret, and 10 recovery codes after the first code`, async () => {
      const { email, jar } = await signUp(t, role);
      const setup = await post(t, `/api/${role}/two-factor/setup`, jar);
      expect(setup.statusCode).toBe(200);
      const body = setup.json<{ secreto: string; uri: string; qr: string }>();
      expect(body.secreto).toMatch(/^[A-Z2-7]{32}$/);
      const uri = new URL(body.uri);
      expect(uri.protocol).toBe('otpauth:');
      expect(uri.host).toBe('totp');
      expect(decodeURIComponent(uri.pathname)).toBe(`/Clínica:${email}`);
      expect(uri.searchParams.get('issuer')).toBe('Clínica');
      expect(uri.searchParams.get('algorithm')).toBe('SHA1');
      expect(uri.searchParams.get('digits')).toBe('6');
      expect(uri.searchParams.get('period')).toBe('30');
      expect(body.qr).toMatch(/^data:image\/png;base64,/);

      // A wrong first code enrols nothing.
      const wrong = await post(t, `/api/${role}/two-factor/confirm`, jar, {
        codigo: codeAt(body.secreto, t.clock.now() + 5 * 60_000),
      });
      expectRefusal(wrong, 401, messages.twoFactorCodeInvalid);
      expect((await get(t, `/api/${role}/two-factor`, jar)).json()).toMatchObject({ activo: false });

      const oldCookie = jar.header;
      const ok = await post(t, `/api/${role}/two-factor/confirm`, jar, { codigo: codeAt(body.secreto, t.clock.now()) });
      expect(ok.statusCode, ok.body).toBe(200);
      const codes = ok.json<{ codigos_recuperacion: string[] }>().codigos_recuperacion;
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      for (const c of codes) expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
      // Confirming ends the password-only session and gives this browser a new one.
      expect(jar.header).not.toBe(oldCookie);
      expect(await signedIn(t, role, oldCookie)).toBe(false);
      expect(await signedIn(t, role, jar.header)).toBe(true);
      expect((await get(t, `/api/${role}/two-factor`, jar)).json()).toEqual({
        activo: true,
        obligatorio: false,
        codigos_restantes: 10,
        restringida: false,
      });
      // A second enrolment is refused while one is active.
      expectRefusal(await post(t, `/api/${role}/two-factor/setup`, jar), 400, messages.twoFactorAlreadyEnabled);
    });
  }

  it('stores the secret encrypted and the recovery codes hashed, never in plain text', async () => {
    const { email, jar } = await signUp(t, 'doctor');
    const { secret, recovery } = await enrol(t, 'doctor', jar);
    const [account] = await t.app.db
      .select()
      .from(staff)
      .where(and(eq(staff.correo, email), eq(staff.role, 'doctor')));
    const [row] = await t.app.db.select().from(staffTwoFactor).where(eq(staffTwoFactor.staff_id, account!.id));
    expect(row!.secret_encrypted).not.toContain(secret);
    const raw = Buffer.from(row!.secret_encrypted, 'base64');
    expect(raw.includes(Buffer.from(secret))).toBe(false);
    // It is AES-256-GCM under the configured key: it decrypts to the secret, and only with that key.
    expect(decrypt(t.app.config.fileEncryptionKey, raw).toString()).toBe(secret);
    expect(() => decrypt(Buffer.alloc(32, 7), raw)).toThrow();
    const hashes = await t.app.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.staff_id, account!.id));
    expect(hashes).toHaveLength(10);
    const stored = JSON.stringify(hashes);
    for (const c of recovery) {
      expect(stored).not.toContain(c);
      expect(stored).not.toContain(c.replaceAll('-', ''));
    }
  });

  it('an enrolled account gets "código requerido" and no session from the password; the code signs it in', async () => {
    const creds = await signUp(t, 'admin');
    const { secret } = await enrol(t, 'admin', creds.jar);

    const { res, jar } = await passwordStep(t, 'admin', creds);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      success: true,
      message: messages.twoFactorCodeRequired,
      codigo_requerido: true,
      rol: 'admin',
    });
    expect(jar.names.filter((n) => n !== 'device')).toEqual(['mfa_admin']);
    const challengeCookie = res.cookies.find((c) => c.name === 'mfa_admin')!;
    expect(challengeCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(await signedIn(t, 'admin', jar.header)).toBe(false);
    expect((await get(t, '/api/admin/consultations', jar)).statusCode).toBe(401);

    const ok = await post(t, '/api/admin/login/code', jar, { codigo: codeAt(secret, t.clock.now()) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: messages.loginOk });
    expect(jar.names.filter((n) => n !== 'device')).toEqual(['sid_admin']);
    expect(await signedIn(t, 'admin', jar.header)).toBe(true);
    expect((await get(t, '/api/admin/consultations', jar)).statusCode).toBe(200);

    // The sign-in waiting for its code is used up: its cookie replayed opens nothing.
    t.clock.advance(30_000);
    const replayJar = new CookieJar();
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/code',
      payload: { codigo: codeAt(secret, t.clock.now()) },
      headers: { cookie: `mfa_admin=${challengeCookie.value}` },
    });
    expectRefusal(replayJar.store(again), 401, messages.twoFactorChallengeExpired);
    expect(replayJar.names).not.toContain('sid_admin');
  });

  it('refuses a wrong code, and a code already used within its window (replay)', async () => {
    const creds = await signUp(t, 'doctor');
    const { secret } = await enrol(t, 'doctor', creds.jar);
    const first = await passwordStep(t, 'doctor', creds);
    const wrongCode = String((Number(codeAt(secret, t.clock.now())) + 1) % 1_000_000).padStart(6, '0');
    expectRefusal(
      await post(t, '/api/doctor/login/code', first.jar, { codigo: wrongCode }),
      401,
      messages.twoFactorCodeInvalid,
    );
    expect(await signedIn(t, 'doctor', first.jar.header)).toBe(false);
    const code = codeAt(secret, t.clock.now());
    expect((await post(t, '/api/doctor/login/code', first.jar, { codigo: code })).statusCode).toBe(200);

    // Another sign-in 10 seconds later with the same code (still inside its 30 s window): refused.
    t.clock.advance(10_000);
    const second = await passwordStep(t, 'doctor', creds);
    expect(second.res.statusCode).toBe(202);
    expectRefusal(
      await post(t, '/api/doctor/login/code', second.jar, { codigo: code }),
      401,
      messages.twoFactorCodeInvalid,
    );
    // The code of the previous step (accepted by the ±1 window) is older than the one used: refused too.
    expectRefusal(
      await post(t, '/api/doctor/login/code', second.jar, { codigo: codeAt(secret, t.clock.now() - 30_000) }),
      401,
      messages.twoFactorCodeInvalid,
    );
    // The next step's code works.
    t.clock.advance(30_000);
    expect(
      (await post(t, '/api/doctor/login/code', second.jar, { codigo: codeAt(secret, t.clock.now()) })).statusCode,
    ).toBe(200);
    expect(await signedIn(t, 'doctor', second.jar.header)).toBe(true);
  });

  it('a recovery code signs in once, with or without its hyphens, and then never again', async () => {
    const creds = await signUp(t, 'admin');
    const { recovery } = await enrol(t, 'admin', creds.jar);
    const a = await passwordStep(t, 'admin', creds);
    const ok = await post(t, '/api/admin/login/code', a.jar, {
      codigo: recovery[3]!.toUpperCase().replaceAll('-', ' '),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await signedIn(t, 'admin', a.jar.header)).toBe(true);
    expect((await get(t, '/api/admin/two-factor', a.jar)).json()).toMatchObject({ codigos_restantes: 9 });

    const b = await passwordStep(t, 'admin', creds);
    expectRefusal(
      await post(t, '/api/admin/login/code', b.jar, { codigo: recovery[3] }),
      401,
      messages.twoFactorCodeInvalid,
    );
    expect(await signedIn(t, 'admin', b.jar.header)).toBe(false);
    // Another unused one still works.
    expect((await post(t, '/api/admin/login/code', b.jar, { codigo: recovery[4] })).statusCode).toBe(200);
  });

  it('the sign-in waiting for its code expires after 5 minutes', async () => {
    const creds = await signUp(t, 'admin');
    const { secret } = await enrol(t, 'admin', creds.jar);
    const { jar } = await passwordStep(t, 'admin', creds);
    t.clock.advance(TWO_FACTOR_CHALLENGE_MS + 1000);
    expectRefusal(
      await post(t, '/api/admin/login/code', jar, { codigo: codeAt(secret, t.clock.now()) }),
      401,
      messages.twoFactorChallengeExpired,
    );
    expect(await signedIn(t, 'admin', jar.header)).toBe(false);
    // Just inside the 5 minutes it works.
    const again = await passwordStep(t, 'admin', creds);
    t.clock.advance(TWO_FACTOR_CHALLENGE_MS - 31_000);
    expect(
      (await post(t, '/api/admin/login/code', again.jar, { codigo: codeAt(secret, t.clock.now()) })).statusCode,
    ).toBe(200);
  });

  it('limits the attempts: 5 wrong codes end the sign-in, and the account is throttled across sign-ins', async () => {
    const creds = await signUp(t, 'doctor');
    const { secret } = await enrol(t, 'doctor', creds.jar);
    const { jar } = await passwordStep(t, 'doctor', creds);
    for (let i = 0; i < 5; i++) {
      expectRefusal(
        await post(t, '/api/doctor/login/code', jar, {
          codigo: '000000' === codeAt(secret, t.clock.now()) ? '111111' : '000000',
        }),
        401,
      );
    }
    // Even the right code no longer opens this sign-in.
    const late = await post(t, '/api/doctor/login/code', jar, { codigo: codeAt(secret, t.clock.now()) });
    expect([401, 429]).toContain(late.statusCode);
    expect(await signedIn(t, 'doctor', jar.header)).toBe(false);

    // A new sign-in gets 5 more tries, but the account's own limit (10 per window) then stops all.
    const second = await passwordStep(t, 'doctor', creds);
    for (let i = 0; i < 5; i++)
      await post(t, '/api/doctor/login/code', second.jar, {
        codigo: '000000' === codeAt(secret, t.clock.now()) ? '111111' : '000000',
      });
    const third = await passwordStep(t, 'doctor', creds);
    expectRefusal(
      await post(t, '/api/doctor/login/code', third.jar, { codigo: codeAt(secret, t.clock.now()) }),
      429,
      messages.tooManyAttempts,
    );
    expect(await signedIn(t, 'doctor', third.jar.header)).toBe(false);
  });

  it('new recovery codes and turning it off both need a current code; then the password alone signs in', async () => {
    const creds = await signUp(t, 'admin');
    const { secret, recovery } = await enrol(t, 'admin', creds.jar);
    expectRefusal(
      await post(t, '/api/admin/two-factor/recovery-codes', creds.jar, {
        codigo: '123456' === codeAt(secret, t.clock.now()) ? '654321' : '123456',
      }),
      401,
    );
    const regen = await post(t, '/api/admin/two-factor/recovery-codes', creds.jar, {
      codigo: codeAt(secret, t.clock.now()),
    });
    expect(regen.statusCode, regen.body).toBe(200);
    const fresh = regen.json<{ codigos_recuperacion: string[] }>().codigos_recuperacion;
    expect(fresh).toHaveLength(10);
    // The old codes stopped working.
    const a = await passwordStep(t, 'admin', creds);
    expectRefusal(await post(t, '/api/admin/login/code', a.jar, { codigo: recovery[0] }), 401);
    expect((await post(t, '/api/admin/login/code', a.jar, { codigo: fresh[0] })).statusCode).toBe(200);

    t.clock.advance(30_000);
    expectRefusal(
      await post(t, '/api/admin/two-factor/disable', a.jar, { codigo: 'abc' }),
      400,
      messages.twoFactorCodeFormat,
    );
    const off = await post(t, '/api/admin/two-factor/disable', a.jar, { codigo: codeAt(secret, t.clock.now()) });
    expect(off.statusCode, off.body).toBe(200);
    const b = await passwordStep(t, 'admin', creds);
    expect(b.res.statusCode).toBe(200);
    expect(await signedIn(t, 'admin', b.jar.header)).toBe(true);
  });

  it("'Iniciar sesión en todas las cuentas' signs in the patient-free accounts and asks the enrolled admin's code", async () => {
    const creds = await signUp(t, 'admin');
    await registerStaff(t, 'doctor', { correo: creds.email, password: creds.password });
    const { secret } = await enrol(t, 'admin', creds.jar);
    const jar = new CookieJar();
    const res = await post(t, '/api/admin/login-all', jar, { email: creds.email, password: creds.password });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ codigo_requerido: true, rol: 'admin' });
    expect(jar.names.filter((n) => n !== 'device').sort()).toEqual(['mfa_admin', 'sid_doctor']);
    expect(await signedIn(t, 'admin', jar.header)).toBe(false);
    expect((await post(t, '/api/admin/login/code', jar, { codigo: codeAt(secret, t.clock.now()) })).statusCode).toBe(
      200,
    );
    expect(await signedIn(t, 'admin', jar.header)).toBe(true);
  });

  it('records each step in the audit trail', async () => {
    const creds = await signUp(t, 'doctor');
    const { secret } = await enrol(t, 'doctor', creds.jar);
    const { jar } = await passwordStep(t, 'doctor', creds);
    await post(t, '/api/doctor/login/code', jar, {
      codigo: '000000' === codeAt(secret, t.clock.now()) ? '111111' : '000000',
    });
    await post(t, '/api/doctor/login/code', jar, { codigo: codeAt(secret, t.clock.now()) });
    const rows = await t.app.db.select().from(auditLog).where(eq(auditLog.actor_correo, creds.email));
    const actions = rows.map((r) => `${r.action}:${r.outcome}`);
    for (const a of [
      'auth.2fa_setup:success',
      'auth.2fa_enabled:success',
      'auth.2fa_challenge:success',
      'auth.2fa_failed:failure',
      'auth.2fa_login:success',
    ]) {
      expect(actions).toContain(a);
    }
    expect(rows.every((r) => r.actor_role === 'doctor' && r.actor_id !== null)).toBe(true);
  });
});

describe('two-factor sign-in, required (STAFF_2FA_REQUIRED=1, the production default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ STAFF_2FA_REQUIRED: '1' });
  });
  afterAll(async () => t.close());

  for (const [role, dataUrl] of [
    ['admin', '/api/admin/consultations'],
    ['doctor', '/api/doctor/consultations'],
  ] as const) {
    it(`${role}: a session without enrolment reaches only the enrolment, then everything once enrolled`, async () => {
      const creds = await registerStaff(t, role);
      const jar = new CookieJar();
      const res = await post(t, `/api/${role}/login`, jar, creds);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, inscripcion_requerida: true, rol: role });
      expect(await signedIn(t, role, jar.header)).toBe(true);

      const refused = await get(t, dataUrl, jar);
      const body = expectRefusal(refused, 403, messages.twoFactorEnrolmentRequired);
      expect(Object.keys(body).sort()).toEqual(['message', 'success']);
      expect((await get(t, `/api/${role}/two-factor`, jar)).json()).toEqual({
        activo: false,
        obligatorio: true,
        codigos_restantes: 0,
        restringida: true,
      });

      const { secret } = await enrol(t, role, jar);
      expect((await get(t, dataUrl, jar)).statusCode).toBe(200);
      // Turning it off is refused while it is required.
      expectRefusal(
        await post(t, `/api/${role}/two-factor/disable`, jar, { codigo: codeAt(secret, t.clock.now()) }),
        403,
        messages.twoFactorCannotDisable,
      );
      // The next sign-in asks for the code.
      expect((await passwordStep(t, role, creds)).res.statusCode).toBe(202);
    });
  }

  it('a session held to the enrolment reads none of the staff lists', async () => {
    const lists = {
      admin: ['receipts', 'consultations', 'appointments', 'outbox', 'suggestions', 'patients', 'audit'],
      doctor: ['chats', 'appointments', 'blocked-dates', 'consultations'],
    } as const;
    for (const role of ['admin', 'doctor'] as const) {
      const creds = await registerStaff(t, role);
      const jar = new CookieJar();
      await post(t, `/api/${role}/login`, jar, creds);
      for (const list of lists[role]) {
        const res = await get(t, `/api/${role}/${list}`, jar);
        const body = expectRefusal(res, 403, messages.twoFactorEnrolmentRequired);
        expect(Object.keys(body).sort(), `${role} ${list}`).toEqual(['message', 'success']);
      }
      // The patients' doctor list (patients and administrators) refuses it as well.
      if (role === 'admin')
        expectRefusal(await get(t, '/api/doctors?servicio=psicologia', jar), 403, messages.twoFactorEnrolmentRequired);
    }
  });

  it("'Logout All' still works for a session held to the enrolment", async () => {
    const creds = await registerStaff(t, 'admin');
    const jar = new CookieJar();
    await post(t, '/api/admin/login', jar, creds);
    const res = await post(t, '/api/auth/logout-all', jar);
    expect(res.statusCode, res.body).toBe(200);
    expect(await signedIn(t, 'admin', jar.header)).toBe(false);
  });
});
