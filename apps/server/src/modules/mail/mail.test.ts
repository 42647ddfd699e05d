import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@clinica/shared';
import { parseConfig } from '../../infra/config.js';
import { mailJobs, patients, staff } from '../../db/schema.js';
import { CookieJar, PNG_1X1, createTestApp, markEmailVerified, multipart, validRegistration, type TestApp } from '../../../test/harness.js';
import { SmtpSink, linkIn } from '../../../test/smtp-sink.js';
import { mailJobsRepository } from './mail-jobs.repository.js';
import { smtpTransport } from './mail-transport.js';
import { MailWorker, retryDelay } from './mail-worker.js';
import { approveStaff } from '../auth/test-support.js';
import { openMailPayload } from './mail-payload.js';

const ORIGIN = 'https://clinica.example';
const CLINIC = 'Clínica Virtual Panamá';
const HOUR = 60 * 60_000;

async function register(t: TestApp, over: Record<string, string> = {}) {
  const reg = validRegistration(over);
  const body = multipart(reg, [{ field: 'image_cedula', filename: 'cedula.png', bytes: PNG_1X1 }]);
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', ...body });
  return { reg, res };
}

async function registerStaff(t: TestApp, role: 'admin' | 'doctor', correo: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${role}/register`,
    payload: {
      clave_seguridad: role === 'admin' ? 'demo-clave-admin' : 'demo-clave-doctor',
      nombre: role === 'admin' ? 'Elena' : 'Tomás',
      apellido: 'Rivas',
      correo,
      password: 'secreto-seguro-1',
      password_confirm: 'secreto-seguro-1',
      ...(role === 'doctor' ? { servicio: 'psicologia' } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  await approveStaff(t, role, correo);
}

const jobsTo = (t: TestApp, to: string) => t.app.db.select().from(mailJobs).where(eq(mailJobs.recipient, to));

/** Waits until `check` holds (the worker runs on its own timer). */
async function until(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condición no cumplida a tiempo');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until no message is between "received by the SMTP server" and "marked sent". Moving the
 * test clock past a claim's lease while its message is on the wire would make the claim look
 * abandoned, and the message would rightly be sent again.
 */
const idle = (t: TestApp) =>
  until(
    async () =>
      (await t.app.db.select({ id: mailJobs.id }).from(mailJobs).where(eq(mailJobs.status, 'sending'))).length === 0,
  );

describe('messages through a real SMTP server', () => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await createTestApp({
      SMTP_URL: sink.url,
      MAIL_FROM: `"${CLINIC}" <avisos@clinica.example>`,
      PUBLIC_ORIGIN: ORIGIN,
      MAIL_POLL_MS: '100',
    });
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('welcomes a new patient once with the verification link, the clinic name and its logo, in HTML and text', async () => {
    const { reg, res } = await register(t);
    expect(res.statusCode).toBe(201);
    const [mail] = await sink.waitFor(reg.correo);
    expect(mail!.parsed.subject).toBe('Confirme su correo electrónico');
    expect(mail!.parsed.from?.address).toBe('avisos@clinica.example');
    expect(mail!.parsed.text).toContain(`Hola, ${reg.nombre}:`);
    expect(mail!.parsed.text).toContain(`Gracias por registrarse en ${CLINIC}`);
    const link = linkIn(mail!, ORIGIN);
    expect(link).toMatch(new RegExp(`^${ORIGIN}/verificar-correo#token=[A-Za-z0-9_-]{43}$`));
    expect(mail!.parsed.html).toContain(`href="${link}"`);
    expect(mail!.parsed.html).toContain('src="cid:logo@clinica"');
    const logo = mail!.parsed.attachments.find((a) => a.contentId === '<logo@clinica>');
    expect(logo?.mimeType).toBe('image/png');
    // Sent once: more worker rounds send nothing more, and the row keeps no body.
    await t.app.mail.drain();
    await sleep(300);
    expect(sink.to(reg.correo)).toHaveLength(1);
    const [job] = await jobsTo(t, reg.correo);
    expect(job).toMatchObject({ status: 'sent', attempts: 1, transport: 'smtp', payload: null });
  });

  it('sends each patient message with its subject and the link to the right page, never a medical detail', async () => {
    const cases: [string, (to: { correo: string; nombre: string }) => Promise<void>, string, string][] = [
      ['recibida', (to) => t.app.notify.consultationReceived(to), 'Recibimos su solicitud de consulta virtual', '/Consultas'],
      ['autorizada', (to) => t.app.notify.consultationAuthorised(to), 'Su consulta virtual fue autorizada', '/ConsultaChat'],
      ['referida', (to) => t.app.notify.consultationReferred(to), 'Hay novedades sobre su consulta virtual', '/Consultas'],
      ['pago-recibido', (to) => t.app.notify.paymentReceived(to), 'Recibimos su comprobante de pago', '/Recibo_pagos'],
      ['pago-aprobado', (to) => t.app.notify.paymentApproved(to), 'Su pago fue aprobado', '/Recibo_pagos'],
      [
        'pago-rechazado',
        (to) => t.app.notify.paymentRejected(to, { motivo: 'El comprobante <b>no</b> es legible' }),
        'Su pago no fue aprobado',
        '/Recibo_pagos',
      ],
      ['documento', (to) => t.app.notify.documentAvailable(to), 'Tiene un documento nuevo', '/Documentos_usuario'],
      [
        'cita-solicitada',
        (to) =>
          t.app.notify.appointmentRequested(to, {
            appointmentId: crypto.randomUUID(),
            start: new Date(t.clock.now() + 72 * HOUR),
          }),
        'Recibimos su solicitud de cita',
        '/Citas_usuario',
      ],
    ];
    for (const [name, send, subject, page] of cases) {
      const to = { correo: `${name}@example.com`, nombre: 'Ana' };
      await send(to);
      const [mail] = await sink.waitFor(to.correo);
      expect(mail!.parsed.subject, name).toBe(subject);
      expect(linkIn(mail!, ORIGIN), name).toBe(`${ORIGIN}${page}`);
      expect(mail!.parsed.text, name).toContain('nuestros correos no incluyen información médica');
    }
    const rejected = sink.to('pago-rechazado@example.com')[0]!;
    // The staff's free text stays in the patient area (issue 18): the message only points there.
    expect(rejected.parsed.text).toContain('El motivo está en su área de paciente.');
    expect((rejected.parsed.text ?? '') + (rejected.parsed.html ?? '')).not.toContain('legible');
    for (const [name] of cases) expect(sink.to(`${name}@example.com`), name).toHaveLength(1);
  });

  it('finds the address of an account by its id', async () => {
    const { reg } = await register(t, { nombre: 'Rosa' });
    await sink.waitFor(reg.correo);
    // Health-related messages wait for the address to be verified (issue 18).
    await markEmailVerified(t, reg.correo);
    // The account's id, as modules that call notify have it.
    const [row] = await t.app.db.select({ id: patients.id }).from(patients).where(eq(patients.correo, reg.correo));
    await t.app.notify.consultationAuthorised({ patientId: row!.id });
    const mails = await sink.waitFor(reg.correo, 2);
    expect(mails[1]!.parsed.subject).toBe('Su consulta virtual fue autorizada');
    expect(mails[1]!.parsed.text).toContain('Hola, Rosa:');
  });

  it('tells every administrator about a receipt to review, and a doctor about a new appointment', async () => {
    await registerStaff(t, 'admin', 'admin.uno@example.com');
    await registerStaff(t, 'admin', 'admin.dos@example.com');
    await t.app.notify.staffReceiptPending({ metodo: 'Yappy', proposito: 'consulta' });
    for (const a of ['admin.uno@example.com', 'admin.dos@example.com']) {
      const [mail] = await sink.waitFor(a);
      expect(mail!.parsed.subject).toBe('Nuevo comprobante de pago por revisar (Yappy)');
      expect(linkIn(mail!, ORIGIN)).toBe(`${ORIGIN}/Consultas_Admin`);
    }
    await registerStaff(t, 'doctor', 'doctora@example.com');
    const [doctor] = await t.app.db.select({ id: staff.id }).from(staff).where(eq(staff.correo, 'doctora@example.com'));
    await t.app.notify.staffNewAppointment(
      { staffId: doctor!.id },
      { appointmentId: crypto.randomUUID(), start: new Date(t.clock.now() + 48 * HOUR) },
    );
    const [mail] = await sink.waitFor('doctora@example.com');
    expect(mail!.parsed.subject).toBe('Nueva cita asignada');
    expect(linkIn(mail!, ORIGIN)).toBe(`${ORIGIN}/Citas_Admin_Doctor`);
  });

  it('confirms an appointment with an .ics, and a cancellation sends one that removes it (reminders: modules/reminders)', async () => {
    const to = { correo: 'cita@example.com', nombre: 'Luis' };
    const appointmentId = crypto.randomUUID();
    const start = new Date(t.clock.now() + 72 * HOUR);
    await t.app.notify.appointmentConfirmed(to, { appointmentId, start });
    const [confirmed] = await sink.waitFor(to.correo);
    expect(confirmed!.parsed.subject).toBe('Su cita fue confirmada');
    const ics = confirmed!.parsed.attachments.find((a) => a.mimeType === 'text/calendar');
    const icsText = Buffer.from(ics!.content as ArrayBuffer).toString('utf8');
    expect(icsText).toContain('METHOD:PUBLISH');
    expect(icsText).toContain(`UID:cita-${appointmentId}@clinica.example`);
    expect(icsText).toContain(`DTSTART:${start.toISOString().replace(/[-:]/g, '').replace('.000', '')}`);

    await idle(t);
    await t.app.notify.appointmentCancelled(to, { appointmentId, start, motivo: 'Comprobante rechazado' });
    const cancelled = (await sink.waitFor(to.correo, 2))[1]!;
    expect(cancelled.parsed.subject).toBe('Su cita fue cancelada');
    const cancelIcs = Buffer.from(
      cancelled.parsed.attachments.find((a) => a.mimeType === 'text/calendar')!.content as ArrayBuffer,
    ).toString('utf8');
    expect(cancelIcs).toContain('METHOD:CANCEL');
    expect(cancelIcs).toContain(`UID:cita-${appointmentId}@clinica.example`);
    expect(cancelIcs).toContain('STATUS:CANCELLED');
    // Nothing else was scheduled for later: the confirmation no longer queues a reminder. The
    // cancellation's row is marked sent after the SMTP server answered: moving the clock before that
    // would make its sending lease look abandoned and send it again (once under load).
    await idle(t);
    t.clock.advance(72 * HOUR);
    await t.app.mail.drain();
    await sleep(200);
    expect(sink.to(to.correo)).toHaveLength(2);
  });

  it('escapes names in the HTML part', async () => {
    await t.app.notify.paymentApproved({ correo: 'xss@example.com', nombre: '<img src=x onerror=alert(1)>' });
    const [mail] = await sink.waitFor('xss@example.com');
    expect(mail!.parsed.html).not.toContain('<img src=x');
    expect(mail!.parsed.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe("the clinic's contact and the one date format in what the patient receives (issue 23)", () => {
  let sink: SmtpSink;
  let t: TestApp;
  const CONTACT = {
    CLINIC_ADDRESS: 'Vía España 120, Bella Vista, Ciudad de Panamá',
    CLINIC_PHONE: '+507 399-1234',
    CLINIC_WHATSAPP: '+507 6123-4567',
    CLINIC_EMAIL: 'citas@clinica.example',
  };
  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await createTestApp({ SMTP_URL: sink.url, PUBLIC_ORIGIN: ORIGIN, MAIL_POLL_MS: '100', ...CONTACT });
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it("every e-mail's footer says where the clinic is and how to reach it; the .ics LOCATION is the address", async () => {
    const to = { correo: 'contacto@example.com', nombre: 'Rosa' };
    // Wednesday 25 November 2026, 15:00 UTC: 10:00 a. m. in Panama.
    const start = new Date('2026-11-25T15:00:00.000Z');
    await t.app.notify.appointmentConfirmed(to, { appointmentId: crypto.randomUUID(), start });
    const [mail] = await sink.waitFor(to.correo);
    const text = mail!.parsed.text ?? '';
    const footer = `${CLINIC} · ${CONTACT.CLINIC_ADDRESS} · Tel. ${CONTACT.CLINIC_PHONE} · WhatsApp ${CONTACT.CLINIC_WHATSAPP} · ${CONTACT.CLINIC_EMAIL}`;
    expect(text).toContain(footer);
    expect(mail!.parsed.html).toContain('Vía España 120, Bella Vista, Ciudad de Panamá · Tel. +507 399-1234');
    // Day, month name and year with the weekday, 12-hour time: never month first.
    expect(text).toContain('Su cita presencial del miércoles 25 nov. 2026, 10:00 a. m. (hora de Panamá) está confirmada.');
    const ics = mail!.parsed.attachments.find((a) => a.mimeType === 'text/calendar');
    // RFC 5545 folds long lines (CRLF + space) and escapes commas.
    const icsText = Buffer.from(ics!.content as ArrayBuffer).toString('utf8').replace(/\r?\n /g, '');
    expect(icsText).toContain(`LOCATION:${CLINIC}\\, Vía España 120\\, Bella Vista\\, Ciudad de Panamá`);
    expect(icsText).not.toMatch(/^LOCATION:Clínica Virtual Panamá\r?$/m);
  });

  it('another kind of message carries the contact too', async () => {
    await t.app.notify.paymentApproved({ correo: 'pago@example.com', nombre: 'Ana' });
    const [mail] = await sink.waitFor('pago@example.com');
    expect(mail!.parsed.text).toContain(`WhatsApp ${CONTACT.CLINIC_WHATSAPP} · ${CONTACT.CLINIC_EMAIL}`);
  });
});

describe('a failing SMTP server', () => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await new SmtpSink().start();
    t = await createTestApp({ SMTP_URL: sink.url, PUBLIC_ORIGIN: ORIGIN, MAIL_POLL_MS: '100', MAIL_MAX_ATTEMPTS: '3' });
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('leaves the job queued and retries it with back-off; the registration that caused it succeeded', async () => {
    sink.failWith(451);
    const { reg, res } = await register(t);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: messages.registrationOk });

    await until(async () => (await jobsTo(t, reg.correo))[0]?.attempts === 1);
    await until(async () => (await jobsTo(t, reg.correo))[0]?.status === 'queued');
    const [job] = await jobsTo(t, reg.correo);
    expect(job!.last_error).toContain('451');
    expect(job!.run_at.getTime()).toBe(t.clock.now() + retryDelay(1));
    expect(sink.messages).toHaveLength(0);

    // Not retried before its time ...
    t.clock.advance(retryDelay(1) - 1000);
    await t.app.mail.drain();
    expect((await jobsTo(t, reg.correo))[0]!.attempts).toBe(1);
    // ... retried after it, and failing again, waits twice as long.
    t.clock.advance(1000);
    await until(async () => (await jobsTo(t, reg.correo))[0]?.attempts === 2);
    await until(async () => (await jobsTo(t, reg.correo))[0]?.status === 'queued');
    expect((await jobsTo(t, reg.correo))[0]!.run_at.getTime()).toBe(t.clock.now() + retryDelay(2));
    expect(retryDelay(2)).toBe(2 * retryDelay(1));

    // The server recovers: the message arrives once.
    sink.failWith(null);
    t.clock.advance(retryDelay(2));
    const [mail] = await sink.waitFor(reg.correo);
    expect(mail!.parsed.subject).toBe('Confirme su correo electrónico');
    await until(async () => (await jobsTo(t, reg.correo))[0]?.status === 'sent');
    expect((await jobsTo(t, reg.correo))[0]!.attempts).toBe(3);
  });

  it('gives up after the last attempt', async () => {
    sink.failWith(451);
    const to = 'nunca@example.com';
    await t.app.notify.paymentApproved({ correo: to, nombre: 'Ana' });
    for (let attempt = 1; attempt <= 3; attempt++) {
      await until(async () => (await jobsTo(t, to))[0]?.attempts === attempt);
      await until(async () => (await jobsTo(t, to))[0]?.status !== 'sending');
      t.clock.advance(retryDelay(attempt));
    }
    await until(async () => (await jobsTo(t, to))[0]?.status === 'failed');
    sink.failWith(null);
    t.clock.advance(24 * HOUR);
    await t.app.mail.drain();
    expect(sink.to(to)).toHaveLength(0);
    expect((await jobsTo(t, to))[0]).toMatchObject({ status: 'failed', attempts: 3, payload: null });
  });

  it('retries when the server cannot be reached at all', async () => {
    const down = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9', PUBLIC_ORIGIN: ORIGIN, MAIL_POLL_MS: '100' });
    try {
      const { reg, res } = await register(down);
      expect(res.statusCode).toBe(201);
      await until(async () => (await jobsTo(down, reg.correo))[0]?.last_error != null);
      const [job] = await jobsTo(down, reg.correo);
      expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    } finally {
      await down.close();
    }
  });
});

describe('several workers over one database', () => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await new SmtpSink().start();
    // This app's own worker is off: the two workers below stand for two server instances.
    t = await createTestApp({ SMTP_URL: sink.url, PUBLIC_ORIGIN: ORIGIN, MAIL_WORKER: '0' });
  });
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  const worker = () =>
    new MailWorker({
      repo: mailJobsRepository(t.app.db),
      transport: smtpTransport(sink.url, 'avisos@clinica.example'),
      now: t.clock.now,
      log: t.app.log,
      maxAttempts: 8,
      open: (stored) => openMailPayload(t.app.config.fileKeys, stored),
    });

  it('never gives one job to two claimers', async () => {
    const repo = mailJobsRepository(t.app.db);
    for (let i = 0; i < 12; i++) {
      await t.app.notify.paymentApproved({ correo: `claim${i}@example.com`, nombre: 'Ana' });
    }
    const now = new Date(t.clock.now());
    const lease = new Date(t.clock.now() + 60_000);
    const [a, b, c] = await Promise.all([
      repo.claim(now, lease, 5),
      repo.claim(now, lease, 5),
      repo.claim(now, lease, 5),
    ]);
    const ids = [...a, ...b, ...c].map((j) => j.id);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    // Claimed jobs are not claimable again while their lease runs ...
    expect(await repo.claim(now, lease, 5)).toHaveLength(0);
    // ... and are, once it ran out (their worker died).
    t.clock.advance(61_000);
    const again = await repo.claim(new Date(t.clock.now()), new Date(t.clock.now() + 60_000), 20);
    expect(again).toHaveLength(12);
    // Only the newest claim may mark a job sent.
    const first = a[0]!;
    expect(await repo.markSent(first.id, first.attempts, new Date(), 'smtp')).toBe(false);
    const current = again.find((j) => j.id === first.id)!;
    expect(await repo.markSent(current.id, current.attempts, new Date(), 'smtp')).toBe(true);
    expect(await repo.markSent(current.id, current.attempts, new Date(), 'smtp')).toBe(false);
  });

  it('sends a burst of messages once each with two workers polling', async () => {
    for (let i = 0; i < 15; i++) await t.app.notify.paymentReceived({ correo: `burst${i}@example.com`, nombre: 'Ana' });
    const [w1, w2] = [worker(), worker()];
    w1.start(20);
    w2.start(20);
    try {
      for (let i = 0; i < 15; i++) await sink.waitFor(`burst${i}@example.com`);
      await sleep(200);
    } finally {
      await Promise.all([w1.stop(), w2.stop()]);
    }
    for (let i = 0; i < 15; i++) expect(sink.to(`burst${i}@example.com`)).toHaveLength(1);
  });
});

describe('without SMTP: the outbox folder and its staff page', () => {
  let t: TestApp;
  const admin = new CookieJar();
  beforeAll(async () => {
    t = await createTestApp({ MAIL_POLL_MS: '100' });
    await registerStaff(t, 'admin', 'jefa@example.com');
    admin.store(
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: 'jefa@example.com', password: 'secreto-seguro-1' },
      }),
    );
  });
  afterAll(async () => t.close());

  it('writes each message to DATA_DIR/outbox as an .eml and lists it for administrators', async () => {
    expect(t.app.mail.mode).toBe('outbox');
    const { reg } = await register(t);
    await until(async () => (await jobsTo(t, reg.correo))[0]?.status === 'sent');
    const [job] = await jobsTo(t, reg.correo);
    const eml = await fs.readFile(path.join(t.dataDir, 'outbox', `${job!.id}.eml`), 'utf8');
    expect(eml).toMatch(/^Content-Type: multipart\//m);
    expect(eml).toContain(`To: ${reg.correo}`);

    const list = await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: { cookie: admin.header } });
    expect(list.statusCode).toBe(200);
    const body = list.json<{
      mode: string;
      items: { id: string; to: string; subject: string; status: string; in_outbox: boolean }[];
    }>();
    expect(body.mode).toBe('outbox');
    expect(body.items.find((i) => i.id === job!.id)).toMatchObject({
      to: reg.correo,
      subject: 'Confirme su correo electrónico',
      status: 'sent',
      in_outbox: true,
    });

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/outbox/${job!.id}`,
      headers: { cookie: admin.header },
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ to: reg.correo, subject: 'Confirme su correo electrónico' });
    expect(detail.json<{ text: string }>().text).toContain('http://localhost:3000/');

    const raw = await t.app.inject({
      method: 'GET',
      url: `/api/admin/outbox/${job!.id}/eml`,
      headers: { cookie: admin.header },
    });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toContain('message/rfc822');
    expect(raw.body).toBe(eml);
  });

  it('shows the outbox to administrators only', async () => {
    const { reg } = await register(t);
    const patient = new CookieJar();
    patient.store(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: reg.correo, password: reg.password },
      }),
    );
    for (const headers of [{}, { cookie: patient.header }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers });
      expect(res.statusCode).toBe(401);
      expect(JSON.stringify(res.json())).not.toContain('@');
    }
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/admin/outbox/${crypto.randomUUID()}`,
      headers: { cookie: admin.header },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('configuration', () => {
  const production = {
    NODE_ENV: 'production',
    COOKIE_SECRET: 'f26Av3DAt2aBfIY+qyMHRnSFqV9RTOwMs/LRyEkTxOyoiA+o',
    ADMIN_REGISTRATION_KEY: 'clave-admin-real',
    DOCTOR_REGISTRATION_KEY: 'clave-doctor-real',
    FILE_ENCRYPTION_KEY: '1cdf005a727745c4af8cf8e0ddeed18d0d47c2164778021394e3a0ac395f07fd',
    CLINIC_BANK_ACCOUNTS: JSON.stringify([{ banco: 'Banco General', tipo: 'Ahorros', numero: '1', titular: 'Clínica' }]),
    PUBLIC_ORIGIN: ORIGIN,
  };
  it('refuses production without an SMTP server and a sender', () => {
    expect(() => parseConfig(production)).toThrow(/SMTP_URL y MAIL_FROM son obligatorios/);
    expect(() => parseConfig({ ...production, SMTP_URL: 'smtp://mail.example:587' })).toThrow(/SMTP_URL y MAIL_FROM/);
    expect(() =>
      parseConfig({ ...production, SMTP_URL: 'smtp://mail.example:587', MAIL_FROM: 'avisos@clinica.example' }),
    ).not.toThrow(/SMTP_URL/);
  });
  it('accepts only smtp:// and smtps:// addresses, and links to the public origin', () => {
    expect(() => parseConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
    expect(parseConfig({ SMTP_URL: 'smtps://u:p@mail.example:465' }).mail.smtpUrl).toBe('smtps://u:p@mail.example:465');
    expect(parseConfig({ PUBLIC_ORIGIN: `${ORIGIN}/` }).mail.linkOrigin).toBe(ORIGIN);
  });
});
