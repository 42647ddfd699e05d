import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PASSWORD_RESET_TTL_MS, messages } from '@clinica/shared';
import { mailJobs } from '../../db/schema.js';
import { CookieJar, PNG_1X1, createTestApp, markEmailVerified, multipart, validRegistration, type TestApp } from '../../../test/harness.js';
import { SmtpSink, linkIn, type ReceivedMail } from '../../../test/smtp-sink.js';
import { approveStaff } from '../auth/test-support.js';

const ORIGIN = 'https://clinica.example';
const RESET_PAGE = `${ORIGIN}/restablecer-contrasena#token=`;

let sink: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  sink = await new SmtpSink().start();
  t = await createTestApp({ SMTP_URL: sink.url, PUBLIC_ORIGIN: ORIGIN, MAIL_POLL_MS: '100', LOGIN_MAX_ATTEMPTS: '50' });
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

async function registerPatient(over: Record<string, string> = {}) {
  const reg = validRegistration(over);
  const body = multipart(reg, [{ field: 'image_cedula', filename: 'cedula.png', bytes: PNG_1X1 }]);
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', ...body });
  expect(res.statusCode, res.body).toBe(201);
  // A reset link goes only to a verified owner of the address (issue 18; the unverified case is
  // in modules/email-verification).
  await markEmailVerified(t, reg.correo);
  return { email: reg.correo, password: reg.password };
}

async function registerStaff(role: 'admin' | 'doctor', correo: string, password: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${role}/register`,
    payload: {
      clave_seguridad: role === 'admin' ? 'demo-clave-admin' : 'demo-clave-doctor',
      nombre: 'Elena',
      apellido: 'Rivas',
      correo,
      password,
      password_confirm: password,
      ...(role === 'doctor' ? { servicio: 'consulta_general' } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  await approveStaff(t, role, correo);
}

const loginPath = { patient: '/api/auth/login', admin: '/api/admin/login', doctor: '/api/doctor/login' };
const login = (role: keyof typeof loginPath, email: string, password: string) =>
  t.app.inject({ method: 'POST', url: loginPath[role], payload: { email, password } });

const forgot = (email: string, role?: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: role ? { email, role } : { email } });
const check = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/password/check', payload: { token } });
const reset = (token: string, password: string, confirm = password) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password/reset', payload: { token, password, password_confirm: confirm } });

const resetMails = (email: string) => sink.to(email).filter((m) => m.parsed.subject === 'Restablezca su contraseña');
const tokenOf = (mail: ReceivedMail) => linkIn(mail, RESET_PAGE).slice(RESET_PAGE.length);

/** Requests a link and returns its token, read from the e-mail the SMTP server received. */
async function requestLink(email: string, role?: string) {
  const before = resetMails(email).length;
  const res = await forgot(email, role);
  expect(res.statusCode).toBe(200);
  const end = Date.now() + 10_000;
  while (resetMails(email).length <= before) {
    if (Date.now() > end) throw new Error('no llegó el enlace');
    await new Promise((r) => setTimeout(r, 20));
  }
  // Marked sent before the test moves its clock (past the claim's lease, it would be sent again).
  while ((await t.app.db.select({ id: mailJobs.id }).from(mailJobs).where(eq(mailJobs.status, 'sending'))).length > 0) {
    if (Date.now() > end) throw new Error('el correo no quedó marcado como enviado');
    await new Promise((r) => setTimeout(r, 20));
  }
  return tokenOf(resetMails(email)[before]!);
}

describe('password recovery of a patient', () => {
  it('mails a single-use link; the new password works, the old one and every session end', async () => {
    const p = await registerPatient();
    const other = new CookieJar();
    other.store(await login('patient', p.email, p.password));
    const session = () => t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: other.header } });
    expect((await session()).json()).toMatchObject({ loggedIn: true });

    const res = await forgot(p.email);
    expect(res.json()).toEqual({ success: true, message: messages.passwordResetRequested });
    await sink.waitFor(p.email, 2);
    const mail = resetMails(p.email)[0]!;
    expect(mail.parsed.text).toContain('válido durante 30 minutos');
    const token = tokenOf(mail);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.parsed.html).toContain(`href="${RESET_PAGE}${token}"`);

    expect((await check(token)).json()).toMatchObject({ success: true, role: 'patient' });

    // Validated like registration.
    const mismatch = await reset(token, 'nueva-clave-segura', 'otra-clave-segura');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ message: messages.passwordsDoNotMatch });
    const short = await reset(token, 'corta');
    expect(short.json()).toMatchObject({ message: messages.passwordTooShort });

    const ok = await reset(token, 'nueva-clave-segura');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: messages.passwordResetOk, role: 'patient' });

    expect((await login('patient', p.email, p.password)).statusCode).toBe(401);
    expect((await login('patient', p.email, 'nueva-clave-segura')).statusCode).toBe(200);
    expect((await session()).json()).toMatchObject({ loggedIn: false });

    // Single use.
    for (const res2 of [await check(token), await reset(token, 'tercera-clave-segura')]) {
      expect(res2.statusCode).toBe(400);
      expect(res2.json()).toMatchObject({ success: false, message: messages.resetLinkUsed });
    }
    // The owner is told.
    const changed = (await sink.waitFor(p.email, 3)).find((m) => m.parsed.subject === 'Su contraseña fue cambiada');
    expect(changed && linkIn(changed, ORIGIN)).toBe(`${ORIGIN}/Login`);
  });

  it('answers the same whether or not the e-mail has an account, and mails nobody for an unknown one', async () => {
    const p = await registerPatient();
    const known = await forgot(p.email);
    const unknown = await forgot('nadie.aqui@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await requestLink(p.email);
    await t.app.mail.drain();
    expect(sink.to('nadie.aqui@example.com')).toHaveLength(0);
    const jobs = await t.app.db.select().from(mailJobs).where(eq(mailJobs.recipient, 'nadie.aqui@example.com'));
    expect(jobs).toHaveLength(0);
  });

  it('refuses a link after 30 minutes with a clear message', async () => {
    const p = await registerPatient();
    const token = await requestLink(p.email);
    t.clock.advance(PASSWORD_RESET_TTL_MS - 60_000);
    expect((await check(token)).statusCode).toBe(200);
    t.clock.advance(60_000);
    for (const res of [await check(token), await reset(token, 'nueva-clave-segura')]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: messages.resetLinkExpired });
    }
    expect((await login('patient', p.email, p.password)).statusCode).toBe(200);
  });

  it('refuses a made-up or damaged link', async () => {
    for (const token of ['A'.repeat(43), 'corto', 'x'.repeat(43) + '<script>']) {
      const res = await check(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: messages.resetLinkInvalid });
    }
  });

  it('lets one of two simultaneous resets with the same link win', async () => {
    const p = await registerPatient();
    const token = await requestLink(p.email);
    const results = await Promise.all([reset(token, 'primera-clave-segura'), reset(token, 'segunda-clave-segura')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json()).toMatchObject({ message: messages.resetLinkUsed });
    const winner = results[0].statusCode === 200 ? 'primera-clave-segura' : 'segunda-clave-segura';
    expect((await login('patient', p.email, winner)).statusCode).toBe(200);
  });

  it('retires the other links of the account once one is used', async () => {
    const p = await registerPatient();
    const first = await requestLink(p.email);
    const second = await requestLink(p.email);
    expect((await reset(second, 'nueva-clave-segura')).statusCode).toBe(200);
    expect((await check(first)).json()).toMatchObject({ message: messages.resetLinkUsed });
  });

  it('mails at most three links per address in 15 minutes, with the same answer', async () => {
    const p = await registerPatient();
    for (let i = 0; i < 3; i++) await requestLink(p.email);
    const fourth = await forgot(p.email);
    expect(fourth.json()).toEqual({ success: true, message: messages.passwordResetRequested });
    await t.app.mail.drain();
    await new Promise((r) => setTimeout(r, 300));
    expect(resetMails(p.email)).toHaveLength(3);
    t.clock.advance(15 * 60_000 + 1000);
    await requestLink(p.email);
  });
});

describe('password recovery of staff', () => {
  it('changes only the account of the kind asked for, and ends only its sessions', async () => {
    const email = `varios.${Date.now()}@example.com`;
    const patient = await registerPatient({ correo: email, password: 'paciente-clave-1', password_confirm: 'paciente-clave-1' });
    await registerStaff('admin', email, 'admin-clave-123');
    await registerStaff('doctor', email, 'doctor-clave-123');
    const patientJar = new CookieJar();
    patientJar.store(await login('patient', email, patient.password));
    const adminJar = new CookieJar();
    adminJar.store(await login('admin', email, 'admin-clave-123'));

    const token = await requestLink(email, 'admin');
    const mail = resetMails(email).at(-1)!;
    expect(mail.parsed.text).toContain('su cuenta de administrador');
    expect((await check(token)).json()).toMatchObject({ role: 'admin' });
    expect((await reset(token, 'admin-nueva-123')).json()).toMatchObject({ success: true, role: 'admin' });

    expect((await login('admin', email, 'admin-clave-123')).statusCode).toBe(401);
    expect((await login('admin', email, 'admin-nueva-123')).statusCode).toBe(200);
    expect((await login('doctor', email, 'doctor-clave-123')).statusCode).toBe(200);
    expect((await login('patient', email, patient.password)).statusCode).toBe(200);

    const adminSession = await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie: adminJar.header } });
    expect(adminSession.json()).toMatchObject({ loggedInAdmin: false });
    const patientSession = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: patientJar.header } });
    expect(patientSession.json()).toMatchObject({ loggedIn: true });

    const doctorToken = await requestLink(email, 'doctor');
    expect((await reset(doctorToken, 'doctor-nueva-123')).json()).toMatchObject({ role: 'doctor' });
    expect((await login('doctor', email, 'doctor-nueva-123')).statusCode).toBe(200);
  });

  it('refuses an unknown kind of account', async () => {
    const res = await forgot('alguien@example.com', 'root');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: messages.invalidChoice });
  });
});

describe('throttling by client address', () => {
  it('answers 429 after too many requests from one address', async () => {
    const own = await createTestApp({ SMTP_URL: sink.url, LOGIN_MAX_ATTEMPTS: '1' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await own.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: `ip${i}@example.com` } });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 200, 429]);
    } finally {
      await own.close();
    }
  });
});
