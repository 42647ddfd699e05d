import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSKEY_CHALLENGE_MS, messages } from '@clinica/shared';
import { auditLog, staffPasskeys } from '../../db/schema.js';
import { CookieJar, createTestApp, type TestApp } from '../../../test/harness.js';
import { expectRefusal, freshIp, registerStaff, signedIn } from '../auth/test-support.js';
import { totpOf } from '../two-factor/two-factor.service.js';
import { SoftAuthenticator } from './test-authenticator.js';

// Passkeys of administrators and doctors (issue 18, item 4; decision 0026): the WebAuthn
// ceremonies checked by the server with @simplewebauthn/server, driven by a software
// authenticator that builds real attestations and ES256 assertions (test-authenticator.ts).

type StaffRole = 'admin' | 'doctor';
const ORIGIN = 'https://clinica.example.pa';
const ip = freshIp();

const send = (t: TestApp, method: 'GET' | 'POST' | 'DELETE', url: string, jar: CookieJar, payload?: unknown) =>
  t.app
    .inject({ method, url, payload: payload as object, headers: { cookie: jar.header }, remoteAddress: ip })
    .then((r) => jar.store(r));
const post = (t: TestApp, url: string, jar: CookieJar, payload?: unknown) => send(t, 'POST', url, jar, payload);
const get = (t: TestApp, url: string, jar: CookieJar) => send(t, 'GET', url, jar);

/** Registers a staff account and signs it in with its password. */
async function signUp(t: TestApp, role: StaffRole) {
  const creds = await registerStaff(t, role);
  const jar = new CookieJar();
  const res = await post(t, `/api/${role}/login`, jar, creds);
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await t.app.db.select({ id: auditLog.actor_id }).from(auditLog).where(eq(auditLog.actor_correo, creds.email));
  return { ...creds, jar, id: row!.id! };
}

/** The security page's registration: options, the authenticator, then the named key. */
async function addPasskey(t: TestApp, role: StaffRole, jar: CookieJar, key: SoftAuthenticator, nombre = 'Teléfono') {
  const options = await post(t, `/api/${role}/passkeys/options`, jar);
  expect(options.statusCode, options.body).toBe(200);
  const respuesta = key.create(options.json<{ opciones: Record<string, unknown> }>().opciones);
  return post(t, `/api/${role}/passkeys`, jar, { nombre, respuesta });
}

/** The login page's "Ingresar con llave de acceso": options, then the assertion. */
async function loginOptions(t: TestApp, role: StaffRole, jar = new CookieJar()) {
  const res = await post(t, `/api/${role}/login/passkey/options`, jar);
  expect(res.statusCode, res.body).toBe(200);
  return { jar, opciones: res.json<{ opciones: Record<string, unknown> }>().opciones };
}

async function auditActions(t: TestApp, correo: string) {
  const rows = await t.app.db.select().from(auditLog).where(eq(auditLog.actor_correo, correo));
  return rows.map((r) => `${r.action}:${r.outcome}`);
}

describe('staff passkeys (PUBLIC_ORIGIN set)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_ORIGIN: ORIGIN });
  });
  afterAll(async () => t.close());

  for (const role of ['admin', 'doctor'] as const) {
    it(`${role}: registers a named passkey and signs in with it alone (no password, no code)`, async () => {
      const me = await signUp(t, role);
      const key = new SoftAuthenticator(ORIGIN);
      const options = await post(t, `/api/${role}/passkeys/options`, me.jar);
      const opciones = options.json<{ opciones: Record<string, unknown> & { user: { name: string } } }>().opciones;
      // The relying party is PUBLIC_ORIGIN's host; a discoverable key that verifies the person.
      expect(opciones.rp).toMatchObject({ id: 'clinica.example.pa' });
      expect(opciones.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
      expect(opciones.user.name).toBe(me.email);
      const added = await post(t, `/api/${role}/passkeys`, me.jar, { nombre: '  Llave USB  ', respuesta: key.create(opciones) });
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json()).toEqual({ success: true, message: messages.passkeyRegisteredOk });
      expect((await addPasskey(t, role, me.jar, key, 'Teléfono')).statusCode).toBe(201);

      const list = await get(t, `/api/${role}/passkeys`, me.jar);
      expect(list.json<{ llaves: { nombre: string; ultimo_uso: string | null }[] }>().llaves.map((l) => [l.nombre, l.ultimo_uso])).toEqual([
        ['Llave USB', null],
        ['Teléfono', null],
      ]);

      // A fresh browser: no password, only the key.
      const { jar, opciones: get1 } = await loginOptions(t, role);
      expect(get1).toMatchObject({ rpId: 'clinica.example.pa', userVerification: 'required' });
      const res = await post(t, `/api/${role}/login/passkey`, jar, { respuesta: key.get(get1) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, message: messages.loginOk });
      expect(await signedIn(t, role, jar.header)).toBe(true);
      expect((await get(t, `/api/${role}/consultations`, jar)).statusCode).toBe(200);
      // The ceremony's cookie is gone; the key's last use is shown.
      expect(jar.names).toEqual([`sid_${role}`]);
      const used = (await get(t, `/api/${role}/passkeys`, me.jar)).json<{ llaves: { nombre: string; ultimo_uso: string | null }[] }>();
      expect(used.llaves.find((l) => l.nombre === 'Teléfono')!.ultimo_uso).not.toBeNull();

      expect(await auditActions(t, me.email)).toEqual(
        expect.arrayContaining(['auth.passkey_registered:success', 'auth.passkey_login:success']),
      );
    });
  }

  it('refuses a replayed challenge: the same assertion, or the same registration, a second time', async () => {
    const me = await signUp(t, 'doctor');
    const key = new SoftAuthenticator(ORIGIN);
    const options = await post(t, '/api/doctor/passkeys/options', me.jar);
    const ceremonyCookie = me.jar.header;
    const respuesta = key.create(options.json<{ opciones: Record<string, unknown> }>().opciones);
    expect((await post(t, '/api/doctor/passkeys', me.jar, { nombre: 'Uno', respuesta })).statusCode).toBe(201);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/doctor/passkeys',
      payload: { nombre: 'Dos', respuesta },
      headers: { cookie: ceremonyCookie },
      remoteAddress: ip,
    });
    expectRefusal(again, 400, messages.passkeyChallengeExpired);

    const { jar, opciones } = await loginOptions(t, 'doctor');
    const loginCookie = jar.header;
    const assertion = key.get(opciones);
    expect((await post(t, '/api/doctor/login/passkey', jar, { respuesta: assertion })).statusCode).toBe(200);
    // An attacker who copied both the cookie and the assertion gets nothing.
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/doctor/login/passkey',
      payload: { respuesta: assertion },
      headers: { cookie: loginCookie },
      remoteAddress: ip,
    });
    expectRefusal(replay, 401, messages.passkeyChallengeExpired);
    expect(replay.cookies.find((c) => c.name === 'sid_doctor')).toBeUndefined();
    // Without the browser's cookie the challenge is nobody's.
    const { opciones: other } = await loginOptions(t, 'doctor');
    expectRefusal(await post(t, '/api/doctor/login/passkey', new CookieJar(), { respuesta: key.get(other) }), 401, messages.passkeyChallengeExpired);
  });

  it('refuses a challenge older than 5 minutes', async () => {
    const me = await signUp(t, 'admin');
    const key = new SoftAuthenticator(ORIGIN);
    expect((await addPasskey(t, 'admin', me.jar, key)).statusCode).toBe(201);
    const { jar, opciones } = await loginOptions(t, 'admin');
    t.clock.advance(PASSKEY_CHALLENGE_MS + 1000);
    expectRefusal(await post(t, '/api/admin/login/passkey', jar, { respuesta: key.get(opciones) }), 401, messages.passkeyChallengeExpired);
  });

  it('refuses another origin, at registration and at sign-in', async () => {
    const me = await signUp(t, 'doctor');
    const key = new SoftAuthenticator(ORIGIN);
    const options = await post(t, '/api/doctor/passkeys/options', me.jar);
    const phished = key.create(options.json<{ opciones: Record<string, unknown> }>().opciones, { origin: 'https://clinica-example.pa' });
    expectRefusal(await post(t, '/api/doctor/passkeys', me.jar, { nombre: 'Falsa', respuesta: phished }), 400, messages.passkeyRegistrationFailed);
    expect((await get(t, '/api/doctor/passkeys', me.jar)).json()).toEqual({ llaves: [] });

    expect((await addPasskey(t, 'doctor', me.jar, key)).statusCode).toBe(201);
    const { jar, opciones } = await loginOptions(t, 'doctor');
    const res = await post(t, '/api/doctor/login/passkey', jar, { respuesta: key.get(opciones, { origin: 'https://evil.example' }) });
    expectRefusal(res, 401, messages.passkeyLoginFailed);
    expect(await signedIn(t, 'doctor', jar.header)).toBe(false);
    expect(await auditActions(t, me.email)).toContain('auth.passkey_failed:failure');
  });

  it("refuses another account's credential: another kind of account, another user handle, a key already registered, someone else's key to remove", async () => {
    const doctor = await signUp(t, 'doctor');
    const admin = await signUp(t, 'admin');
    const doctorKey = new SoftAuthenticator(ORIGIN);
    const adminKey = new SoftAuthenticator(ORIGIN);
    expect((await addPasskey(t, 'doctor', doctor.jar, doctorKey)).statusCode).toBe(201);
    expect((await addPasskey(t, 'admin', admin.jar, adminKey)).statusCode).toBe(201);

    // The doctor's key on the administrators' login page.
    const a = await loginOptions(t, 'admin');
    expectRefusal(await post(t, '/api/admin/login/passkey', a.jar, { respuesta: doctorKey.get(a.opciones) }), 401, messages.passkeyLoginFailed);
    expect(await signedIn(t, 'admin', a.jar.header)).toBe(false);

    // The doctor's key saying it is another doctor's.
    const other = await signUp(t, 'doctor');
    const d = await loginOptions(t, 'doctor');
    const lying = doctorKey.get(d.opciones, { userHandle: Buffer.from(other.id).toString('base64url') });
    expectRefusal(await post(t, '/api/doctor/login/passkey', d.jar, { respuesta: lying }), 401, messages.passkeyLoginFailed);
    expect(await signedIn(t, 'doctor', d.jar.header)).toBe(false);

    // The same credential registered to a second account.
    const options = await post(t, '/api/doctor/passkeys/options', other.jar);
    const opciones = options.json<{ opciones: Record<string, unknown> }>().opciones;
    const copy = new SoftAuthenticator(ORIGIN).create(opciones, { credentialId: doctorKey.credentials[0]!.id });
    expectRefusal(await post(t, '/api/doctor/passkeys', other.jar, { nombre: 'Copia', respuesta: copy }), 400, messages.passkeyAlreadyRegistered);
    // An answer whose id is not the credential its attestation holds is refused.
    const again = await post(t, '/api/doctor/passkeys/options', other.jar);
    const mismatched = new SoftAuthenticator(ORIGIN).create(again.json<{ opciones: Record<string, unknown> }>().opciones);
    mismatched.id = mismatched.rawId = doctorKey.credentials[0]!.id.toString('base64url');
    expectRefusal(await post(t, '/api/doctor/passkeys', other.jar, { nombre: 'Otra', respuesta: mismatched }), 400, messages.passkeyRegistrationFailed);
    expect(await t.app.db.select().from(staffPasskeys).where(eq(staffPasskeys.staff_id, other.id))).toHaveLength(0);

    // Someone else's key cannot be removed, and is still there.
    const [adminRow] = await t.app.db.select().from(staffPasskeys).where(eq(staffPasskeys.staff_id, admin.id));
    expectRefusal(await send(t, 'DELETE', `/api/doctor/passkeys/${adminRow!.id}`, doctor.jar), 404, messages.passkeyNotFound);
    expect(await t.app.db.select().from(staffPasskeys).where(eq(staffPasskeys.id, adminRow!.id))).toHaveLength(1);
    // And an administrator's session does not list a doctor's keys.
    expect((await get(t, '/api/admin/passkeys', admin.jar)).json<{ llaves: unknown[] }>().llaves).toHaveLength(1);
  });

  it('refuses a key that did not verify the person, and a cloned key (the counter did not grow)', async () => {
    const me = await signUp(t, 'doctor');
    const key = new SoftAuthenticator(ORIGIN);
    const options = await post(t, '/api/doctor/passkeys/options', me.jar);
    const noUv = key.create(options.json<{ opciones: Record<string, unknown> }>().opciones, { noUserVerification: true });
    expectRefusal(await post(t, '/api/doctor/passkeys', me.jar, { nombre: 'Sin PIN', respuesta: noUv }), 400, messages.passkeyRegistrationFailed);

    expect((await addPasskey(t, 'doctor', me.jar, key)).statusCode).toBe(201);
    const first = await loginOptions(t, 'doctor');
    expectRefusal(
      await post(t, '/api/doctor/login/passkey', first.jar, { respuesta: key.get(first.opciones, { noUserVerification: true }) }),
      401,
      messages.passkeyLoginFailed,
    );
    const ok = await loginOptions(t, 'doctor');
    expect((await post(t, '/api/doctor/login/passkey', ok.jar, { respuesta: key.get(ok.opciones, { counter: 5 }) })).statusCode).toBe(200);
    const clone = await loginOptions(t, 'doctor');
    const res = await post(t, '/api/doctor/login/passkey', clone.jar, { respuesta: key.get(clone.opciones, { counter: 5 }) });
    expectRefusal(res, 401, messages.passkeyLoginFailed);
    const rows = await t.app.db.select().from(auditLog).where(and(eq(auditLog.actor_correo, me.email), eq(auditLog.action, 'auth.passkey_failed')));
    expect(rows.map((r) => r.detail)).toContain('contador no válido (posible copia de la llave)');
  });

  it('removing a key ends the sessions it opened; the name is checked before anything is stored', async () => {
    const me = await signUp(t, 'admin');
    const key = new SoftAuthenticator(ORIGIN);
    const options = await post(t, '/api/admin/passkeys/options', me.jar);
    const respuesta = key.create(options.json<{ opciones: Record<string, unknown> }>().opciones);
    expectRefusal(await post(t, '/api/admin/passkeys', me.jar, { nombre: '   ', respuesta }), 400, messages.passkeyNameInvalid);
    expectRefusal(await post(t, '/api/admin/passkeys', me.jar, { nombre: 'x'.repeat(61), respuesta }), 400, messages.passkeyNameInvalid);
    expect(await t.app.db.select().from(staffPasskeys).where(eq(staffPasskeys.staff_id, me.id))).toHaveLength(0);

    expect((await addPasskey(t, 'admin', me.jar, key, 'Portátil')).statusCode).toBe(201);
    const { jar, opciones } = await loginOptions(t, 'admin');
    expect((await post(t, '/api/admin/login/passkey', jar, { respuesta: key.get(opciones) })).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(staffPasskeys).where(eq(staffPasskeys.staff_id, me.id));
    const removed = await send(t, 'DELETE', `/api/admin/passkeys/${row!.id}`, me.jar);
    expect(removed.json()).toEqual({ success: true, message: messages.passkeyRemovedOk });
    expect(await signedIn(t, 'admin', jar.header)).toBe(false);
    // The password session that removed it goes on.
    expect(await signedIn(t, 'admin', me.jar.header)).toBe(true);
    expect((await get(t, '/api/admin/passkeys', me.jar)).json()).toEqual({ llaves: [] });
    // The removed key signs nobody in.
    const again = await loginOptions(t, 'admin');
    expectRefusal(await post(t, '/api/admin/login/passkey', again.jar, { respuesta: key.get(again.opciones) }), 401, messages.passkeyLoginFailed);
    expect(await auditActions(t, me.email)).toContain('auth.passkey_removed:success');
  });

  it('an anonymous caller reaches none of the security page calls', async () => {
    const jar = new CookieJar();
    expect((await get(t, '/api/doctor/passkeys', jar)).statusCode).toBe(401);
    expect((await post(t, '/api/doctor/passkeys/options', jar)).statusCode).toBe(401);
  });
});

describe('staff passkeys with STAFF_2FA_REQUIRED=1', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_ORIGIN: ORIGIN, STAFF_2FA_REQUIRED: '1' });
  });
  afterAll(async () => t.close());

  it('a password-only session cannot add a passkey (it would be a second factor chosen by whoever has the password)', async () => {
    const me = await signUp(t, 'doctor');
    expectRefusal(await post(t, '/api/doctor/passkeys/options', me.jar), 403, messages.twoFactorEnrolmentRequired);
    expect((await get(t, '/api/doctor/two-factor', me.jar)).json()).toMatchObject({ restringida: true });
  });

  it('a passkey sign-in is both factors: no code asked, staff data reached; the password alone still asks the code', async () => {
    const me = await signUp(t, 'admin');
    // Enrol TOTP (the only way in while it is required), then add a key.
    const setup = await post(t, '/api/admin/two-factor/setup', me.jar);
    const secret = setup.json<{ secreto: string }>().secreto;
    const confirm = await post(t, '/api/admin/two-factor/confirm', me.jar, { codigo: totpOf(secret, 'x').generate({ timestamp: t.clock.now() }) });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const key = new SoftAuthenticator(ORIGIN);
    expect((await addPasskey(t, 'admin', me.jar, key)).statusCode).toBe(201);

    const { jar, opciones } = await loginOptions(t, 'admin');
    expect((await post(t, '/api/admin/login/passkey', jar, { respuesta: key.get(opciones) })).statusCode).toBe(200);
    expect((await get(t, '/api/admin/consultations', jar)).statusCode).toBe(200);
    expect((await get(t, '/api/admin/two-factor', jar)).json()).toMatchObject({ activo: true, restringida: false });

    const password = await post(t, '/api/admin/login', new CookieJar(), { email: me.email, password: me.password });
    expect(password.statusCode).toBe(202);
  });

  it("an administrator's reset of a staff member's second factor removes their passkeys too (the lost phone may hold them)", async () => {
    const admin = await signUp(t, 'admin');
    const s1 = await post(t, '/api/admin/two-factor/setup', admin.jar);
    const adminSecret = s1.json<{ secreto: string }>().secreto;
    expect((await post(t, '/api/admin/two-factor/confirm', admin.jar, { codigo: totpOf(adminSecret, 'x').generate({ timestamp: t.clock.now() }) })).statusCode).toBe(200);
    const doctor = await signUp(t, 'doctor');
    const s2 = await post(t, '/api/doctor/two-factor/setup', doctor.jar);
    const secret = s2.json<{ secreto: string }>().secreto;
    expect((await post(t, '/api/doctor/two-factor/confirm', doctor.jar, { codigo: totpOf(secret, 'x').generate({ timestamp: t.clock.now() }) })).statusCode).toBe(200);
    const key = new SoftAuthenticator(ORIGIN);
    expect((await addPasskey(t, 'doctor', doctor.jar, key)).statusCode).toBe(201);

    t.clock.advance(30_000);
    const reset = await post(t, '/api/admin/staff/two-factor/reset', admin.jar, {
      correo: doctor.email,
      rol: 'doctor',
      codigo: totpOf(adminSecret, 'x').generate({ timestamp: t.clock.now() }),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await t.app.db.select().from(staffPasskeys).where(eq(staffPasskeys.staff_id, doctor.id))).toHaveLength(0);
    const { jar, opciones } = await loginOptions(t, 'doctor');
    expectRefusal(await post(t, '/api/doctor/login/passkey', jar, { respuesta: key.get(opciones) }), 401, messages.passkeyLoginFailed);
  });
});

describe('staff passkeys in development (no PUBLIC_ORIGIN)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('the relying party is the local origin the browser asked', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/doctor/login/passkey/options', headers: { host: 'localhost:3500' } });
    expect(res.json<{ opciones: { rpId: string } }>().opciones.rpId).toBe('localhost');
  });
});
