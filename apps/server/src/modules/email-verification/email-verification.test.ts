import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EMAIL_VERIFICATION_TTL_MS, messages } from '@clinica/shared';
import { emailVerificationTokens, files, mailJobs, patients } from '../../db/schema.js';
import { CookieJar, PNG_1X1, createTestApp, multipart, validRegistration, type TestApp } from '../../../test/harness.js';
import { completeDoctorProfile } from '../doctor-profile/test-support.js';
import { SmtpSink, linkIn, type ReceivedMail } from '../../../test/smtp-sink.js';
import { drawnSignature } from '../../../test/signature-fixture.js';
import { approveStaff, expectRefusal, storedFiles } from '../auth/test-support.js';

const ORIGIN = 'https://clinica.example';
const VERIFY_PAGE = `${ORIGIN}/verificar-correo#token=`;
const VERIFY_SUBJECT = 'Confirme su correo electrónico';
const DOCUMENT_SUBJECT = 'Tiene un documento nuevo';

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

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('base64url');
const verifyMails = (email: string) => sink.to(email).filter((m) => m.parsed.subject === VERIFY_SUBJECT);
const tokenOf = (mail: ReceivedMail) => linkIn(mail, VERIFY_PAGE).slice(VERIFY_PAGE.length);

/** Waits until `email` has received `n` verification links and every queued message is sent; returns the newest token. */
async function nthLink(email: string, n: number) {
  const end = Date.now() + 10_000;
  while (verifyMails(email).length < n) {
    if (Date.now() > end) throw new Error('no llegó el enlace de verificación');
    await new Promise((r) => setTimeout(r, 20));
  }
  // Marked sent before a test moves its clock (past the claim's lease it would be sent again).
  while ((await t.app.db.select({ id: mailJobs.id }).from(mailJobs).where(eq(mailJobs.status, 'sending'))).length > 0) {
    await new Promise((r) => setTimeout(r, 20));
  }
  return tokenOf(verifyMails(email)[n - 1]!);
}

/** Registers a patient and signs them in; returns the jar, the credentials and the first link's token. */
async function register(over: Record<string, string> = {}) {
  const reg = validRegistration(over);
  const before = verifyMails(reg.correo).length;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    ...multipart(reg, [{ field: 'image_cedula', filename: 'cedula.png', bytes: PNG_1X1 }]),
  });
  expect(res.statusCode, res.body).toBe(201);
  const jar = new CookieJar();
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: reg.correo, password: reg.password } });
  expect(login.statusCode, login.body).toBe(200);
  jar.store(login);
  return { jar, email: reg.correo, password: reg.password, token: await nthLink(reg.correo, before + 1) };
}

const verify = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/email/verify', payload: { token } });
const resend = (jar: CookieJar) => t.app.inject({ method: 'POST', url: '/api/auth/email/resend', headers: { cookie: jar.header } });
const status = async (jar: CookieJar) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/email/status', headers: { cookie: jar.header } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ verificado: boolean; correo: string }>();
};
const signedIn = async (jar: CookieJar) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: jar.header } })).json<{ loggedIn: boolean }>()
    .loggedIn;
/** A new session (the clock of a test may have moved past the old one's 12 hours). */
async function signIn(email: string, password: string) {
  const jar = new CookieJar();
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: '10.9.9.9' });
  expect(res.statusCode, res.body).toBe(200);
  jar.store(res);
  return jar;
}
const patientRows = (email: string) => t.app.db.select().from(patients).where(eq(patients.correo, email));

describe('e-mail verification link', () => {
  it('is mailed at registration, stored only as its SHA-256, and verifies the address once', async () => {
    const p = await register();
    expect(p.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const mail = verifyMails(p.email)[0]!;
    expect(mail.parsed.html).toContain(`href="${VERIFY_PAGE}${p.token}"`);
    expect(mail.parsed.text).toContain('24 horas');

    const [row] = await patientRows(p.email);
    const stored = await t.app.db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.patient_id, row!.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).toBe(sha256(p.token));
    expect(JSON.stringify(stored)).not.toContain(p.token);
    expect(stored[0]!.expires_at.getTime() - stored[0]!.created_at.getTime()).toBe(EMAIL_VERIFICATION_TTL_MS);

    expect(await status(p.jar)).toEqual({ verificado: false, correo: p.email });
    const ok = await verify(p.token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, message: messages.emailVerified });
    expect(await status(p.jar)).toEqual({ verificado: true, correo: p.email });

    // Single use: the second time it says it was used.
    expectRefusal(await verify(p.token), 400, messages.emailVerificationLinkUsed);
    // A verified patient asking for a link is told so, and nothing is sent.
    const again = await resend(p.jar);
    expect(again.json()).toMatchObject({ success: true, message: messages.emailAlreadyVerified });
    expect(verifyMails(p.email)).toHaveLength(1);
  });

  it('refuses an unknown or malformed token with its own message', async () => {
    expectRefusal(await verify(crypto.randomBytes(32).toString('base64url')), 400, messages.emailVerificationLinkInvalid);
    expectRefusal(await verify('corto'), 400, messages.emailVerificationLinkInvalid);
  });

  it('expires after 24 hours; a link sent again works', async () => {
    const p = await register();
    t.clock.advance(EMAIL_VERIFICATION_TTL_MS + 1000);
    expectRefusal(await verify(p.token), 400, messages.emailVerificationLinkExpired);
    const jar = await signIn(p.email, p.password);
    expect((await status(jar)).verificado).toBe(false);
    const res = await resend(jar);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: messages.emailVerificationSent });
    const fresh = await nthLink(p.email, 2);
    expect((await verify(fresh)).statusCode).toBe(200);
    expect((await status(jar)).verificado).toBe(true);
  });

  it('throttles resends: one a minute, five an hour, with a clear message', async () => {
    const p = await register();
    // The registration's link counts: a resend within the minute is refused.
    expectRefusal(await resend(p.jar), 429, messages.emailVerificationThrottled);
    for (let sent = 2; sent <= 5; sent += 1) {
      t.clock.advance(61_000);
      expect((await resend(p.jar)).statusCode).toBe(200);
      await nthLink(p.email, sent);
    }
    t.clock.advance(61_000);
    expectRefusal(await resend(p.jar), 429, messages.emailVerificationThrottled);
    expect(verifyMails(p.email)).toHaveLength(5);
    t.clock.advance(60 * 60_000);
    expect((await resend(await signIn(p.email, p.password))).statusCode).toBe(200);
    await nthLink(p.email, 6);
  });

  it('needs a patient session for the status and the resend', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/email/status' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/email/resend' })).statusCode).toBe(401);
  });
});

describe('an unverified registration never keeps the owner out (the document-squatting sequence)', () => {
  it('the squatter gets no health mail nor the document; the owner registers again, verifies and wins', async () => {
    const victim = `victima.${crypto.randomUUID().slice(0, 8)}@example.com`;
    // A doctor ready to issue documents.
    const doctorEmail = `doctora.${crypto.randomUUID().slice(0, 8)}@clinica.test`;
    const doctorPassword = 'secreto-seguro-1';
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/doctor/register',
      payload: {
        clave_seguridad: 'demo-clave-doctor',
        nombre: 'Ana',
        apellido: 'Castillo',
        correo: doctorEmail,
        password: doctorPassword,
        password_confirm: doctorPassword,
        servicio: 'consulta_general',
      },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    await approveStaff(t, 'doctor', doctorEmail);
    const doctor = new CookieJar();
    doctor.store(await t.app.inject({ method: 'POST', url: '/api/doctor/login', payload: { email: doctorEmail, password: doctorPassword } }));
    const profile = multipart({ regNumber: 'Idoneidad 4521' }, [
      { field: 'firma', filename: 'firma.png', bytes: drawnSignature(), type: 'image/png' },
    ]);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/doctor/documents/profile',
      payload: profile.payload,
      headers: { ...profile.headers, cookie: doctor.header },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await completeDoctorProfile(t, doctor);

    // 1. Someone registers the victim's address first (they cannot open the victim's mailbox).
    const squatter = await register({ correo: victim, nombre: 'Intruso', password: 'Intruso-clave-2026', password_confirm: 'Intruso-clave-2026' });

    // 2. The doctor issues a certificate to that address.
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/doctor/documents/certificado-salud',
      headers: { cookie: doctor.header },
      payload: {
        correoPaciente: victim,
        ssn: 'SS-4455',
        date: '2026-11-20',
        patientName: 'Víctima Real',
        doctorName: 'Dra. Ana Castillo',
        doctorCode: 'C-0771',
        regNumber: 'Idoneidad 4521',
      },
    });
    expect(issued.statusCode, issued.body.slice(0, 200)).toBe(201);
    // No mail about it reaches the unverified address, and the squatter's area does not list it.
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.to(victim).filter((m) => m.parsed.subject === DOCUMENT_SUBJECT)).toHaveLength(0);
    expect((await t.app.db.select().from(mailJobs).where(eq(mailJobs.recipient, victim))).map((j) => j.subject)).not.toContain(
      DOCUMENT_SUBJECT,
    );
    const squatterDocs = await t.app.inject({ method: 'GET', url: '/api/patient/documents', headers: { cookie: squatter.jar.header } });
    expect(squatterDocs.statusCode).toBe(200);
    expect(squatterDocs.json()).toEqual([]);

    // 3. The owner registers the same address: allowed, with their own password.
    const owner = await register({ correo: victim, nombre: 'Víctima', password: 'Duena-de-verdad-2026', password_confirm: 'Duena-de-verdad-2026' });
    const both = await patientRows(victim);
    expect(both).toHaveLength(2);
    const squatterFile = both.find((r) => r.nombre === 'Intruso')!.image_cedula_file_id!;
    const filesWithBoth = (await storedFiles(t)).length;
    // Each signs in to their own registration with their own password.
    expect(await signedIn(squatter.jar)).toBe(true);
    expect(await signedIn(owner.jar)).toBe(true);

    // 4. The owner opens their link: the first verified wins.
    expect((await verify(owner.token)).statusCode).toBe(200);
    const rows = await patientRows(victim);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.nombre).toBe('Víctima');
    // The squatter's registration is gone: session ended, password refused, link dead, ID-card image deleted.
    expect(await signedIn(squatter.jar)).toBe(false);
    const refused = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: victim, password: 'Intruso-clave-2026' } });
    expectRefusal(refused, 401, messages.invalidCredentials);
    expectRefusal(await verify(squatter.token), 400, messages.emailVerificationLinkInvalid);
    expect((await storedFiles(t)).length).toBe(filesWithBoth - 1);
    expect(await t.app.db.select().from(files).where(eq(files.id, squatterFile))).toHaveLength(0);
    expect(await t.app.db.select().from(files).where(eq(files.id, rows[0]!.image_cedula_file_id!))).toHaveLength(1);

    // A document made out to an address is bound to no account (decision 0024): not even the
    // verified owner sees it until an administrator links it after checking the cédula
    // (documents.patients.test.ts). From now on health mail reaches the owner.
    const docs = await t.app.inject({ method: 'GET', url: '/api/patient/documents', headers: { cookie: owner.jar.header } });
    expect(docs.json<unknown[]>()).toHaveLength(0);
    await t.app.notify.documentAvailable({ patientEmail: victim });
    await sink.waitFor(victim, verifyMails(victim).length + 1);
    expect(sink.to(victim).filter((m) => m.parsed.subject === DOCUMENT_SUBJECT)).toHaveLength(1);

    // A verified address is taken: registering it again is refused as before.
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      ...multipart(validRegistration({ correo: victim }), [{ field: 'image_cedula', filename: 'c.png', bytes: PNG_1X1 }]),
    });
    expectRefusal(taken, 400, messages.emailTaken);
  });

  it('a squatter who made a Ley 81 request cannot block the owner: the owner verifies and the squatter keeps only a detached row', async () => {
    const victim = `victima.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const squatter = await register({ correo: victim, nombre: 'Intruso', password: 'Intruso-clave-2026', password_confirm: 'Intruso-clave-2026' });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/patient/data-requests/correction',
      headers: { cookie: squatter.jar.header },
      payload: { cambios: { direccion: 'Calle 50, Obarrio' }, motivo: 'Me mudé.' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const owner = await register({ correo: victim, nombre: 'Víctima', password: 'Duena-de-verdad-2026', password_confirm: 'Duena-de-verdad-2026' });
    expect((await verify(owner.token)).statusCode).toBe(200);
    const rows = await patientRows(victim);
    expect(rows.map((r) => r.nombre)).toEqual(['Víctima']);
    expect(await signedIn(squatter.jar)).toBe(false);
  });

  it('an unverified account gets no consultation, payment or appointment mail, only once verified', async () => {
    const p = await register();
    const [row] = await patientRows(p.email);
    await t.app.notify.consultationReceived({ patientId: row!.id });
    await t.app.notify.paymentApproved({ patientId: row!.id });
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.to(p.email).map((m) => m.parsed.subject)).toEqual([VERIFY_SUBJECT]);
    expect((await verify(p.token)).statusCode).toBe(200);
    await t.app.notify.consultationReceived({ patientId: row!.id });
    await sink.waitFor(p.email, 2);
    expect(sink.to(p.email).map((m) => m.parsed.subject)).toContain('Recibimos su solicitud de consulta virtual');
  });

  it('password recovery of an address with only unverified registrations sends no reset link', async () => {
    const p = await register();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: p.email } });
    expect(res.json()).toMatchObject({ message: messages.passwordResetRequested });
    await sink.waitFor(p.email, 2);
    const mail = sink.to(p.email)[1]!;
    expect(mail.parsed.subject).toBe('Su correo aún no está confirmado');
    expect(mail.parsed.text).not.toContain('/restablecer-contrasena');
  });
});
