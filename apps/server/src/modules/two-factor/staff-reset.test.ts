import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { auditLog, mailJobs, sessions, staff, staffRecoveryCodes, staffTwoFactor } from '../../db/schema.js';
import { CookieJar, createTestApp, validRegistration, type TestApp } from '../../../test/harness.js';
import { expectRefusal, freshIp, registerPatient, registerStaff, signedIn } from '../auth/test-support.js';
import { totpOf } from './two-factor.service.js';

// An administrator resets another staff member's second factor (decision 0021): a lost phone
// without recovery codes no longer locks a doctor or an administrator out for ever.

type StaffRole = 'admin' | 'doctor';
const ip = freshIp();
const RESET = '/api/admin/staff/two-factor/reset';

const post = (t: TestApp, url: string, jar: CookieJar, payload?: unknown) =>
  t.app
    .inject({ method: 'POST', url, payload: payload as object, headers: { cookie: jar.header }, remoteAddress: ip })
    .then((r) => jar.store(r));
const get = (t: TestApp, url: string, jar: CookieJar) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: jar.header }, remoteAddress: ip }).then((r) => jar.store(r));
const codeAt = (secret: string, ms: number) => totpOf(secret, 'x').generate({ timestamp: ms });

/** Registers, signs in with the password and enrols: the account's jar (enrolled session) and secret. */
async function enrolledStaff(t: TestApp, role: StaffRole, over: Record<string, string> = {}) {
  const creds = await registerStaff(t, role, over);
  const jar = new CookieJar();
  expect((await post(t, `/api/${role}/login`, jar, creds)).statusCode).toBe(200);
  const setup = await post(t, `/api/${role}/two-factor/setup`, jar);
  const { secreto } = setup.json<{ secreto: string }>();
  const confirm = await post(t, `/api/${role}/two-factor/confirm`, jar, { codigo: codeAt(secreto, t.clock.now()) });
  expect(confirm.statusCode, confirm.body).toBe(200);
  t.clock.advance(30_000);
  const [row] = await t.app.db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.correo, creds.email), eq(staff.role, role)));
  return { ...creds, jar, secret: secreto, id: row!.id };
}

/** A second session of an enrolled account, opened with the password and the code (another device). */
async function signInWithCode(t: TestApp, role: StaffRole, who: { email: string; password: string; secret: string }) {
  const jar = new CookieJar();
  const first = await post(t, `/api/${role}/login`, jar, { email: who.email, password: who.password });
  expect(first.statusCode).toBe(202);
  const ok = await post(t, `/api/${role}/login/code`, jar, { codigo: codeAt(who.secret, t.clock.now()) });
  expect(ok.statusCode, ok.body).toBe(200);
  t.clock.advance(30_000);
  return jar;
}

/** What a refused reset must leave as it was: second factors, recovery codes, sessions, reset rows, mail. */
async function resetState(t: TestApp) {
  const n = async (table: typeof staffTwoFactor | typeof staffRecoveryCodes | typeof sessions | typeof mailJobs) =>
    (await t.app.db.select({ n: count() }).from(table))[0]!.n;
  const resets = await t.app.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'auth.2fa_reset'));
  return {
    secrets: await n(staffTwoFactor),
    codes: await n(staffRecoveryCodes),
    sessions: await n(sessions),
    mail: await n(mailJobs),
    resets: resets[0]!.n,
  };
}

describe('an administrator resets a staff member\'s second factor (STAFF_2FA_REQUIRED=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ STAFF_2FA_REQUIRED: '1' });
  });
  afterAll(async () => t.close());

  it('the doctor then signs in with the password alone, held to the enrolment; old sessions end; audited and mailed', async () => {
    const admin = await enrolledStaff(t, 'admin');
    const doctor = await enrolledStaff(t, 'doctor');
    const phone = await signInWithCode(t, 'doctor', doctor);
    expect(await signedIn(t, 'doctor', doctor.jar.header)).toBe(true);
    expect(await signedIn(t, 'doctor', phone.header)).toBe(true);

    // An administrator with an authenticator confirms with a current code of it.
    const before = await resetState(t);
    expectRefusal(
      await post(t, RESET, admin.jar, { correo: doctor.email, rol: 'doctor' }),
      400,
      messages.staffTwoFactorResetCodeRequired,
    );
    expectRefusal(
      await post(t, RESET, admin.jar, {
        correo: doctor.email,
        rol: 'doctor',
        codigo: codeAt(admin.secret, t.clock.now() + 10 * 60_000),
      }),
      401,
      messages.twoFactorCodeInvalid,
    );
    expect(await resetState(t)).toEqual(before);
    expect(await signedIn(t, 'doctor', phone.header)).toBe(true);

    const res = await post(t, RESET, admin.jar, {
      correo: doctor.email.toUpperCase(),
      rol: 'doctor',
      codigo: codeAt(admin.secret, t.clock.now()),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: messages.staffTwoFactorResetOk });

    // Every session of the doctor ended; the administrator's own goes on.
    expect(await signedIn(t, 'doctor', doctor.jar.header)).toBe(false);
    expect(await signedIn(t, 'doctor', phone.header)).toBe(false);
    expect(await signedIn(t, 'admin', admin.jar.header)).toBe(true);
    // Secret and recovery codes are gone.
    expect(await t.app.db.select().from(staffTwoFactor).where(eq(staffTwoFactor.staff_id, doctor.id))).toEqual([]);
    expect(await t.app.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.staff_id, doctor.id))).toEqual(
      [],
    );

    // The password alone signs in again (no code asked), and the session is held to the enrolment.
    const jar = new CookieJar();
    const login = await post(t, '/api/doctor/login', jar, { email: doctor.email, password: doctor.password });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toMatchObject({ success: true, inscripcion_requerida: true, rol: 'doctor' });
    expect(await signedIn(t, 'doctor', jar.header)).toBe(true);
    const poll = await get(t, '/api/doctor/session', jar);
    expect(poll.json()).toMatchObject({ loggedInAdmin: true, inscripcion_requerida: true });
    expectRefusal(await get(t, '/api/doctor/consultations', jar), 403, messages.twoFactorEnrolmentRequired);
    expect((await get(t, '/api/doctor/two-factor', jar)).json()).toMatchObject({ activo: false, obligatorio: true });
    // An enrolled account's poll does not carry the flag.
    expect((await get(t, '/api/admin/session', admin.jar)).json()).not.toHaveProperty('inscripcion_requerida');

    // The audit trail names who reset whom.
    const rows = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'auth.2fa_reset'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_role: 'admin', actor_id: admin.id, actor_correo: admin.email, outcome: 'success' });
    expect(rows[0]!.detail).toContain(doctor.email);
    expect(rows[0]!.detail).toContain(doctor.id);

    // The doctor is told by e-mail.
    const mails = await t.app.db
      .select()
      .from(mailJobs)
      .where(and(eq(mailJobs.recipient, doctor.email), eq(mailJobs.kind, 'twoFactorReset')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Se restableció su verificación en dos pasos');

    // Enrolling again gives the doctor the staff pages back.
    const setup = await post(t, '/api/doctor/two-factor/setup', jar);
    const { secreto } = setup.json<{ secreto: string }>();
    expect(
      (await post(t, '/api/doctor/two-factor/confirm', jar, { codigo: codeAt(secreto, t.clock.now()) })).statusCode,
    ).toBe(200);
    expect((await get(t, '/api/doctor/consultations', jar)).statusCode).toBe(200);
    expect((await get(t, '/api/doctor/session', jar)).json()).not.toHaveProperty('inscripcion_requerida');
  });

  it('an administrator can reset another administrator', async () => {
    const admin = await enrolledStaff(t, 'admin');
    const other = await enrolledStaff(t, 'admin');
    const res = await post(t, RESET, admin.jar, {
      correo: other.email,
      rol: 'admin',
      codigo: codeAt(admin.secret, t.clock.now()),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await signedIn(t, 'admin', other.jar.header)).toBe(false);
    const jar = new CookieJar();
    const login = await post(t, '/api/admin/login', jar, { email: other.email, password: other.password });
    expect(login.json()).toMatchObject({ inscripcion_requerida: true });
  });

  it('a doctor cannot call it, nor an administrator held to the enrolment', async () => {
    const doctor = await enrolledStaff(t, 'doctor');
    const target = await enrolledStaff(t, 'doctor');
    const before = await resetState(t);
    expectRefusal(
      await post(t, RESET, doctor.jar, { correo: target.email, rol: 'doctor', codigo: codeAt(doctor.secret, t.clock.now()) }),
      401,
    );
    const creds = await registerStaff(t, 'admin');
    const jar = new CookieJar();
    await post(t, '/api/admin/login', jar, creds);
    expectRefusal(await post(t, RESET, jar, { correo: target.email, rol: 'doctor' }), 403, messages.twoFactorEnrolmentRequired);
    const after = await resetState(t);
    expect({ ...after, sessions: before.sessions }).toEqual(before);
    expect(await signedIn(t, 'doctor', target.jar.header)).toBe(true);
  });

  it('an unknown e-mail, a patient\'s e-mail or the wrong kind of account: a clear message, nothing written', async () => {
    const admin = await enrolledStaff(t, 'admin');
    const doctor = await enrolledStaff(t, 'doctor');
    const patientEmail = `paciente.${Math.random().toString(36).slice(2)}@example.com`;
    expect((await registerPatient(t, validRegistration({ correo: patientEmail }))).statusCode).toBe(201);
    const before = await resetState(t);
    for (const body of [
      { correo: 'nadie.aqui@example.com', rol: 'doctor' },
      { correo: patientEmail, rol: 'doctor' },
      { correo: patientEmail, rol: 'admin' },
      { correo: doctor.email, rol: 'admin' },
    ]) {
      const refused = expectRefusal(
        await post(t, RESET, admin.jar, { ...body, codigo: codeAt(admin.secret, t.clock.now()) }),
        400,
        messages.staffAccountNotFound,
      );
      expect(refused.errors).toEqual({ correo: messages.staffAccountNotFound });
    }
    expectRefusal(await post(t, RESET, admin.jar, { correo: 'no-es-correo', rol: 'doctor' }), 400, messages.invalidEmail);
    expectRefusal(await post(t, RESET, admin.jar, { correo: doctor.email, rol: 'patient' }), 400, messages.invalidChoice);
    expect(await resetState(t)).toEqual(before);
    expect(await signedIn(t, 'doctor', doctor.jar.header)).toBe(true);
  });

  it('refuses the administrator\'s own accounts (they use their recovery codes) and an account without it', async () => {
    const admin = await enrolledStaff(t, 'admin');
    // The same person's doctor account (same e-mail) counts as their own too.
    const ownDoctor = await enrolledStaff(t, 'doctor', { correo: admin.email, password: admin.password });
    const before = await resetState(t);
    for (const rol of ['admin', 'doctor'] as const) {
      expectRefusal(
        await post(t, RESET, admin.jar, { correo: admin.email, rol, codigo: codeAt(admin.secret, t.clock.now()) }),
        403,
        messages.staffTwoFactorResetSelf,
      );
    }
    const notEnrolled = await registerStaff(t, 'doctor');
    expectRefusal(
      await post(t, RESET, admin.jar, {
        correo: notEnrolled.email,
        rol: 'doctor',
        codigo: codeAt(admin.secret, t.clock.now()),
      }),
      400,
      messages.twoFactorNotEnabled,
    );
    expect(await resetState(t)).toEqual(before);
    expect(await signedIn(t, 'admin', admin.jar.header)).toBe(true);
    expect(await signedIn(t, 'doctor', ownDoctor.jar.header)).toBe(true);
  });
});

describe('an administrator resets a staff member\'s second factor (two-factor optional)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('an administrator without an authenticator resets with no code; the doctor signs in with the password alone', async () => {
    const creds = await registerStaff(t, 'admin');
    const admin = new CookieJar();
    expect((await post(t, '/api/admin/login', admin, creds)).statusCode).toBe(200);
    const doctor = await enrolledStaff(t, 'doctor');
    const codeAsked = await post(t, '/api/doctor/login', new CookieJar(), { email: doctor.email, password: doctor.password });
    expect(codeAsked.statusCode).toBe(202);

    const res = await post(t, RESET, admin, { correo: doctor.email, rol: 'doctor' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await signedIn(t, 'doctor', doctor.jar.header)).toBe(false);
    const jar = new CookieJar();
    const login = await post(t, '/api/doctor/login', jar, { email: doctor.email, password: doctor.password });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ success: true, message: messages.loginOk });
    expect(await signedIn(t, 'doctor', jar.header)).toBe(true);
    expect((await get(t, '/api/doctor/consultations', jar)).statusCode).toBe(200);
  });
});
