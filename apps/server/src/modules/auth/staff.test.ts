import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { staff } from '../../db/schema.js';
import { CookieJar, createTestApp, validRegistration, type TestApp } from '../../../test/harness.js';
import {
  expectRefusal,
  expectRefusedWritingNothing,
  freshIp,
  login,
  logoutUrl,
  registerPatient,
  registerStaff,
  signedIn,
  tokenOf,
  type Role,
} from './test-support.js';

// Administrators and doctors (docs/spec/staff.md, sections 4 to 8; docs/spec/decisions.md "Accounts, roles and
// sessions"): registration with the security key, login and logout per role, one e-mail owning
// several kinds of account, 'Iniciar sesión en todas las cuentas' and 'Logout All'.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const MISSING = 'Por favor, complete todos los campos obligatorios.';
const ROLES: Role[] = ['patient', 'admin', 'doctor'];

const staffBody = (role: 'admin' | 'doctor', over: Record<string, unknown> = {}) => ({
  clave_seguridad: role === 'admin' ? 'demo-clave-admin' : 'demo-clave-doctor',
  nombre: 'Elena',
  apellido: 'Rivas',
  correo: `${role}.${Math.random().toString(36).slice(2)}@example.com`,
  password: 'clave-segura-123',
  password_confirm: 'clave-segura-123',
  ...(role === 'doctor' ? { servicio: 'psicologia' } : {}),
  ...over,
});
// Each from an address of its own: wrong keys are also throttled per address (issue 18, tested
// in staff-accounts.test.ts), which these tests of the key's validity do not exercise.
const register = (role: 'admin' | 'doctor', payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/${role}/register`, payload, remoteAddress: freshIp() });

describe('staff registration', () => {
  for (const role of ['admin', 'doctor'] as const) {
    describe(role, () => {
      it("registers with the right security key and answers mensaje 'Registro exitoso'", async () => {
        const body = staffBody(role);
        const res = await register(role, body);
        expect(res.statusCode).toBe(201);
        expect(res.json()).toEqual({ success: true, mensaje: 'Registro exitoso' });
        const [row] = await t.app.db.select().from(staff).where(eq(staff.correo, body.correo));
        // Pending until an administrator approves it (issue 18).
        expect(row).toMatchObject({ role, nombre: 'Elena', servicio: role === 'doctor' ? 'psicologia' : null, estado: 'pendiente' });
        expect(row!.password_hash).toMatch(/^\$argon2id\$/);
      });

      const other = role === 'admin' ? 'demo-clave-doctor' : 'demo-clave-admin';
      for (const clave of ['clave-equivocada', other, `DEMO-CLAVE-${role.toUpperCase()}`, `demo-clave-${role}x`]) {
        it(`refuses the key ${JSON.stringify(clave)} and writes nothing`, async () => {
          const body = await expectRefusedWritingNothing(
            t,
            () => register(role, staffBody(role, { clave_seguridad: clave })),
            403,
            messages.invalidSecurityKey,
          );
          expect(body.errors?.clave_seguridad).toBe(messages.invalidSecurityKey);
        });
      }

      for (const field of ['clave_seguridad', 'nombre', 'apellido', 'correo', 'password', 'password_confirm']) {
        it(`refuses a missing ${field}`, async () => {
          const payload: Record<string, unknown> = staffBody(role);
          delete payload[field];
          const body = await expectRefusedWritingNothing(t, () => register(role, payload), 400, MISSING);
          expect(body.errors?.[field]).toBe(MISSING);
        });
      }

      it("refuses passwords that differ with 'Las contraseñas no coinciden'", async () => {
        const body = await expectRefusedWritingNothing(
          t,
          () => register(role, staffBody(role, { password_confirm: 'clave-segura-124' })),
          400,
          'Las contraseñas no coinciden',
        );
        expect(body.errors?.password_confirm).toBe('Las contraseñas no coinciden');
      });

      it("refuses a bad e-mail with 'Por favor, ingresa un correo válido.'", async () => {
        await expectRefusedWritingNothing(
          t,
          () => register(role, staffBody(role, { correo: 'elena@' })),
          400,
          'Por favor, ingresa un correo válido.',
        );
      });

      it('refuses a second account of the same kind for one e-mail', async () => {
        const body = staffBody(role);
        expect((await register(role, body)).statusCode).toBe(201);
        await expectRefusedWritingNothing(
          t,
          () => register(role, { ...body, correo: body.correo.toUpperCase() }),
          400,
          messages.emailTaken,
        );
      });
    });
  }

  it('needs a service for a doctor (missing: the mandatory-fields message)', async () => {
    const payload: Record<string, unknown> = staffBody('doctor');
    delete payload.servicio;
    const body = await expectRefusedWritingNothing(t, () => register('doctor', payload), 400, MISSING);
    expect(body.errors?.servicio).toBe(MISSING);
    await expectRefusedWritingNothing(t, () => register('doctor', staffBody('doctor', { servicio: '' })), 400, MISSING);
  });

  for (const servicio of ['cardiologia', 'Psicología', 'nefrologia']) {
    it(`refuses the service ${JSON.stringify(servicio)}`, async () => {
      await expectRefusedWritingNothing(
        t,
        () => register('doctor', staffBody('doctor', { servicio })),
        400,
        messages.invalidChoice,
      );
    });
  }

  for (const servicio of ['consulta_general', 'psicologia', 'medicina_interna']) {
    it(`accepts the service ${servicio}`, async () => {
      expect((await register('doctor', staffBody('doctor', { servicio }))).statusCode).toBe(201);
    });
  }

  it('does not give an administrator a service, even if one is sent', async () => {
    await expectRefusedWritingNothing(
      t,
      () => register('admin', staffBody('admin', { servicio: 'psicologia' })),
      400,
      messages.invalidRequest,
    );
  });
});

describe('staff login and logout', () => {
  for (const role of ['admin', 'doctor'] as const) {
    it(`${role}: logs in, is seen by the ${role} session check, logs out`, async () => {
      const creds = await registerStaff(t, role);
      const wrong = await login(t, role, creds.email, 'clave-equivocada');
      expectRefusal(wrong.res, 401, messages.invalidCredentials);
      const unknown = await login(t, role, `nadie.${Date.now()}@example.com`, creds.password);
      expect(unknown.res.body).toBe(wrong.res.body);

      const { res, jar } = await login(t, role, creds.email, creds.password);
      expect(res.json()).toEqual({ success: true, message: messages.loginOk });
      expect(res.cookies).toEqual([
        expect.objectContaining({ name: `sid_${role}`, httpOnly: true, sameSite: 'Strict', path: '/' }),
        // This browser is now known for the login (issue 18, device cookies).
        expect.objectContaining({ name: 'device', httpOnly: true, sameSite: 'Strict', path: '/' }),
      ]);
      const check = await t.app.inject({ method: 'GET', url: `/api/${role}/session`, headers: { cookie: jar.header } });
      expect(check.json()).toEqual({
        loggedInAdmin: true,
        authenticated: true,
        user_name_admin: role === 'admin' ? 'Elena Rivas' : 'Tomás Morales',
      });
      // Signed in as this role only.
      for (const r of ROLES) expect(await signedIn(t, r, jar.header)).toBe(r === role);

      const oldCookie = jar.header;
      const out = jar.store(
        await t.app.inject({ method: 'POST', url: logoutUrl(role), headers: { cookie: oldCookie } }),
      );
      expect(out.json()).toEqual({ success: true, message: 'Sesión cerrada exitosamente' });
      expect(await signedIn(t, role, oldCookie)).toBe(false);
      const after = await t.app.inject({ method: 'GET', url: `/api/${role}/session`, headers: { cookie: oldCookie } });
      expect(after.json()).toEqual({ loggedInAdmin: false, authenticated: false, user_name_admin: null });
    });

    it(`${role}: missing fields give the mandatory-fields message`, async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/${role}/login`,
        payload: { email: 'alguien@example.com' },
        remoteAddress: freshIp(),
      });
      expectRefusal(res, 400, MISSING);
    });
  }

  it("a role's logout leaves the browser's other roles signed in", async () => {
    const email = `tres.${Date.now()}@example.com`;
    const password = 'misma-clave-123';
    await registerStaff(t, 'admin', { correo: email, password });
    await registerStaff(t, 'doctor', { correo: email, password });
    const { jar } = await login(t, 'admin', email, password);
    await login(t, 'doctor', email, password, jar);
    jar.store(await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie: jar.header } }));
    expect(await signedIn(t, 'admin', jar.header)).toBe(false);
    expect(await signedIn(t, 'doctor', jar.header)).toBe(true);
  });
});

describe('one e-mail, several accounts', () => {
  /** A patient, an administrator and a doctor on one e-mail; the doctor's password may differ. */
  async function threeAccounts(doctorPassword?: string) {
    const email = `compartido.${Math.random().toString(36).slice(2)}@example.com`;
    const password = 'misma-clave-123';
    expect(
      (await registerPatient(t, validRegistration({ correo: email, password, password_confirm: password }))).statusCode,
    ).toBe(201);
    await registerStaff(t, 'admin', { correo: email, password });
    await registerStaff(t, 'doctor', { correo: email, password: doctorPassword ?? password });
    return { email, password };
  }

  it('lets the same e-mail own a patient, an administrator and a doctor account, each signing in on its own', async () => {
    const { email, password } = await threeAccounts();
    const jar = new CookieJar();
    for (const role of ROLES) {
      expect((await login(t, role, email, password, jar)).res.statusCode).toBe(200);
    }
    for (const role of ROLES) expect(await signedIn(t, role, jar.header)).toBe(true);
    expect(jar.names.filter((n) => n !== 'device').sort()).toEqual(['sid_admin', 'sid_doctor', 'sid_patient']);
  });

  it("'Iniciar sesión en todas las cuentas' signs in every account whose e-mail and password match", async () => {
    const { email, password } = await threeAccounts();
    const jar = new CookieJar();
    const res = jar.store(
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/login-all',
        payload: { email, password },
        remoteAddress: freshIp(),
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: messages.loginOk });
    for (const c of res.cookies) expect(c).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    for (const role of ROLES) expect(await signedIn(t, role, jar.header)).toBe(true);
  });

  it('... and only those: an account with another password stays signed out', async () => {
    const { email, password } = await threeAccounts('otra-clave-456');
    const jar = new CookieJar();
    jar.store(
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/login-all',
        payload: { email, password },
        remoteAddress: freshIp(),
      }),
    );
    expect(jar.names.filter((n) => n !== 'device').sort()).toEqual(['sid_admin', 'sid_patient']);
    expect(await signedIn(t, 'patient', jar.header)).toBe(true);
    expect(await signedIn(t, 'admin', jar.header)).toBe(true);
    expect(await signedIn(t, 'doctor', jar.header)).toBe(false);

    // With the doctor's password, only the doctor.
    const jar2 = new CookieJar();
    jar2.store(
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/login-all',
        payload: { email, password: 'otra-clave-456' },
        remoteAddress: freshIp(),
      }),
    );
    expect(jar2.names.filter((n) => n !== 'device')).toEqual(['sid_doctor']);
  });

  it('... and with no match answers like a failed login and sets no cookie', async () => {
    const { email } = await threeAccounts();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login-all',
      payload: { email, password: 'ninguna-coincide' },
      remoteAddress: freshIp(),
    });
    expectRefusal(res, 401, messages.invalidCredentials);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it("'Logout All' ends every session of the browser's accounts, on every device, and nobody else's", async () => {
    const { email, password } = await threeAccounts();
    const browser = new CookieJar();
    browser.store(
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/login-all',
        payload: { email, password },
        remoteAddress: freshIp(),
      }),
    );
    // The same three accounts on a phone, signed in one by one.
    const phone = new CookieJar();
    for (const role of ROLES) await login(t, role, email, password, phone);
    // Somebody else, signed in at the same time.
    const other = await threeAccounts();
    const stranger = new CookieJar();
    for (const role of ROLES) await login(t, role, other.email, other.password, stranger);

    const res = browser.store(
      await t.app.inject({ method: 'POST', url: '/api/auth/logout-all', headers: { cookie: browser.header } }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: messages.logoutAllOk });
    expect(browser.names.filter((n) => n !== 'device')).toEqual([]);

    const phoneCookie = phone.header; // the phone still holds its cookies; the server refuses them
    for (const role of ROLES) {
      expect(await signedIn(t, role, phoneCookie)).toBe(false);
      expect(await signedIn(t, role, stranger.header)).toBe(true);
    }
  });

  it("'Logout All' ends only the accounts signed in in this browser", async () => {
    const { email, password } = await threeAccounts();
    const browser = (await login(t, 'patient', email, password)).jar;
    const elsewhere = new CookieJar();
    await login(t, 'patient', email, password, elsewhere);
    await login(t, 'admin', email, password, elsewhere);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout-all', headers: { cookie: browser.header } });
    expect(await signedIn(t, 'patient', elsewhere.header)).toBe(false);
    expect(await signedIn(t, 'admin', elsewhere.header)).toBe(true);
    expect(tokenOf(elsewhere, 'admin')).toBeDefined();
  });
});
