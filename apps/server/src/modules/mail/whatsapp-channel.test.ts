import { and, eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, WHATSAPP_CONSENT_VERSION } from '@clinica/shared';
import { CookieJar, validRegistration } from '../../../test/harness.js';
import { mailJobs, notificationAttempts, patients } from '../../db/schema.js';
import { injectFetch } from '../../infra/http/inject-fetch.js';
import { parseWhatsapp } from '../../infra/config.js';
import { adminJar, call, doctorAccount, openAppointmentsClinic, patientJar, rowsOf, type AppointmentsClinic } from '../appointments/appointments.test-support.js';
import { confirmedAppointment } from '../reminders/reminders.test-support.js';
import { whatsappClient } from './whatsapp/whatsapp-client.js';
import { whatsappNumber } from './whatsapp/whatsapp-number.js';
import { isWhatsappKind, whatsappParams } from './whatsapp/whatsapp-templates.js';
import { WhatsappStandInState, whatsappStandIn } from './whatsapp/whatsapp-stand-in.plugin.js';

// Notices on the patient's chosen channel (issue 27, item 4, decision 0059), through the real app
// with its WhatsApp stand-in (mounted by default outside production) and the test clock: Saturday
// 2026-11-21, 10:00 in Panama. The queue is drained by hand (MAIL_WORKER is off).

let c: AppointmentsClinic;
let doctor: { id: string };
beforeAll(async () => {
  c = await openAppointmentsClinic();
  doctor = await doctorAccount(c.t);
});
afterAll(async () => {
  await c?.close();
});

const stand = () => c.t.app.whatsappStandIn!;
const choose = (jar: CookieJar, body: unknown) =>
  c.t.app.inject({ method: 'PUT', url: '/api/patient/notification-channels', headers: { cookie: jar.header }, payload: body as Record<string, unknown> });
const optIn = (jar: CookieJar) => choose(jar, { whatsapp: true, consentimiento_version: WHATSAPP_CONSENT_VERSION });

/** The reminder job of an address, with its delivery attempts. */
async function reminderOf(correo: string) {
  const [job] = await c.t.app.db
    .select()
    .from(mailJobs)
    .where(and(eq(mailJobs.recipient, correo), eq(mailJobs.kind, 'appointmentReminder')));
  if (!job) throw new Error(`no reminder for ${correo}`);
  const attempts = await c.t.app.db.select().from(notificationAttempts).where(eq(notificationAttempts.job_id, job.id)).orderBy(notificationAttempts.id);
  return { job, attempts };
}

let hour = 8;
/** A patient with a confirmed appointment on Sunday (within 24 hours, so its reminder is due at once). */
async function patientWithAppointment(over: Record<string, string> = {}, opted = false) {
  const p = await patientJar(c.t, over);
  if (opted) expect((await optIn(p.jar)).statusCode).toBe(200);
  hour += 1;
  const hora = `${String(hour).padStart(2, '0')}:00`;
  const token = await confirmedAppointment(c, p.jar, { id_doctor: doctor.id, fecha: '2026-11-22', hora });
  // 23 hours before it: its 24-hour reminder is due (the clock only moves forward, an hour per patient).
  const due = Date.parse(`2026-11-22T${hora}:00-05:00`) - 23 * 60 * 60_000;
  if (due > c.t.clock.now()) c.t.clock.advance(due - c.t.clock.now());
  return { ...p, token };
}

/** Signs a patient in again (the clock may have passed the idle limit). */
async function login(correo: string) {
  const jar = new CookieJar();
  jar.store(await c.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: correo, password: validRegistration().password } }));
  return jar;
}

describe('a reminder goes on the channel the patient chose', () => {
  it('by WhatsApp (a template with the date, hour, clinic and link only) for a patient who opted in; by e-mail for one who did not', async () => {
    const ana = await patientWithAppointment({ celular: '6123-4567' }, true);
    const luis = await patientWithAppointment({ celular: '6765-4321' });
    const before = stand().received.length;

    expect(await c.t.app.reminders.sweep()).toBe(2);
    await c.t.app.mail.drain();

    const sent = stand().received.slice(before);
    expect(sent).toHaveLength(1);
    const [msg] = sent;
    expect(msg).toMatchObject({ to: '50761234567', template: 'recordatorio_cita', language: 'es' });
    expect(msg!.params.slice(0, 3)).toEqual(['Clínica Virtual Panamá', 'domingo 22 nov. 2026', '9:00 a. m.']);
    const token = /\/confirmar-asistencia#token=([A-Za-z0-9_-]{43})$/.exec(msg!.params[3]!)?.[1];
    expect(token).toBeDefined();

    const a = await reminderOf(ana.correo);
    expect(a.job).toMatchObject({ status: 'sent', channel: 'whatsapp', transport: 'whatsapp', payload: null });
    expect(a.attempts).toHaveLength(1);
    expect(a.attempts[0]).toMatchObject({ channel: 'whatsapp', result: 'sent', provider_message_id: msg!.id, error: null });

    const l = await reminderOf(luis.correo);
    expect(l.job).toMatchObject({ status: 'sent', channel: 'email', transport: 'outbox' });
    expect(l.attempts.map((x) => [x.channel, x.result])).toEqual([['email', 'sent']]);

    // The link in the WhatsApp message confirms Ana's attendance like the e-mail's would.
    const confirmed = await call(c.t, null, 'POST', '/api/appointments/attendance/confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toBe(messages.attendanceConfirmed);
  });

  it('carries no clinical detail: no service, doctor, name, ID number, address or e-mail reaches the request body', async () => {
    const before = stand().requests.length;
    const eva = await patientWithAppointment({ celular: '6222-3333', nombre: 'Evangelina', apellido: 'Quintero', cedula: '8-765-4321' }, true);
    await c.t.app.reminders.sweep();
    await c.t.app.mail.drain();
    const bodies = stand().requests.slice(before);
    expect(bodies).toHaveLength(1);
    const body = JSON.parse(bodies[0]!) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['messaging_product', 'recipient_type', 'template', 'to', 'type']);
    for (const clinical of ['Medicina', 'consulta_general', 'Castillo', 'Ana ', 'Evangelina', 'Quintero', '8-765-4321', eva.correo, 'Calle 50', 'servicio', 'motivo', 'doctor']) {
      expect(bodies[0]).not.toContain(clinical);
    }
  });

  it('falls back to e-mail, once and recorded, when WhatsApp answers an error or refuses the number', async () => {
    for (const failure of ['http', 'invalid-number'] as const) {
      const p = await patientWithAppointment({ celular: '6444-5555' }, true);
      stand().fail(failure);
      try {
        await c.t.app.reminders.sweep();
        await c.t.app.mail.drain();
      } finally {
        stand().fail(null);
      }
      const r = await reminderOf(p.correo);
      expect(r.job).toMatchObject({ status: 'sent', channel: 'email', transport: 'outbox' });
      expect(r.attempts.map((x) => [x.channel, x.result])).toEqual([
        ['whatsapp', 'failed'],
        ['email', 'sent'],
      ]);
      expect(r.attempts[0]!.error).toMatch(failure === 'http' ? /500/ : /131026/);
      // Once: draining again sends nothing more.
      await c.t.app.mail.drain();
      expect((await reminderOf(p.correo)).attempts).toHaveLength(2);
    }
  });

  it('stops WhatsApp when the consent is revoked, also for a notice already queued', async () => {
    const p = await patientWithAppointment({ celular: '6555-6666' }, true);
    const before = stand().received.length;
    await c.t.app.reminders.sweep();
    expect((await reminderOf(p.correo)).job.channel).toBe('whatsapp');

    const revoked = await choose(await login(p.correo), { whatsapp: false });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ message: messages.whatsappRevoked, canales: { whatsapp: { activo: false, consentido_at: null } } });
    await c.t.app.mail.drain();

    expect(stand().received.length).toBe(before);
    const r = await reminderOf(p.correo);
    expect(r.job).toMatchObject({ status: 'sent', channel: 'email', transport: 'outbox' });
    expect(r.attempts.map((x) => [x.channel, x.result])).toEqual([
      ['whatsapp', 'skipped'],
      ['email', 'sent'],
    ]);
    // Both changes of the consent are in the audit trail.
    const audit = rowsOf<{ action: string; detail: string | null }>(
      await c.t.app.db.execute(sql`select action, detail from audit_log where action like 'whatsapp.%' and actor_id = (select id from patients where correo = ${p.correo}) order by id`),
    );
    expect(audit.map((x) => x.action)).toEqual(['whatsapp.consent', 'whatsapp.revoke']);
    expect(audit[0]!.detail).toContain(WHATSAPP_CONSENT_VERSION);
  });

  it('sends nothing by WhatsApp to a mobile changed after the consent, until the patient opts in for the new one', async () => {
    const p = await patientWithAppointment({ celular: '6555-7777' }, true);
    // The profile's mobile is corrected later (by a correction request or an administrator).
    await c.t.app.db.update(patients).set({ celular: '6555-8888' }).where(eq(patients.correo, p.correo));
    const jar = await login(p.correo);
    const state = await call(c.t, jar, 'GET', '/api/patient/notification-channels');
    expect(state.json()).toMatchObject({ whatsapp: { activo: false, numero: '+50765558888', consentido_at: null } });
    const before = stand().received.length;
    await c.t.app.reminders.sweep();
    await c.t.app.mail.drain();
    expect(stand().received.length).toBe(before);
    expect((await reminderOf(p.correo)).job).toMatchObject({ status: 'sent', channel: 'email' });

    const again = await optIn(jar);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ canales: { whatsapp: { activo: true, numero: '+50765558888' } } });
  });

  it("shows each notice's channel and delivery on the administrators' outbox", async () => {
    const res = await call(c.t, await adminJar(c.t), 'GET', '/api/admin/outbox');
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json<{ items: { kind: string; channel: string; delivery: { channel: string; result: string }[] }[] }>().items;
    const reminders = items.filter((i) => i.kind === 'appointmentReminder');
    expect(reminders.some((i) => i.channel === 'whatsapp' && i.delivery.map((d) => d.result).join() === 'sent')).toBe(true);
    expect(reminders.some((i) => i.channel === 'email' && i.delivery.map((d) => `${d.channel}:${d.result}`).join() === 'whatsapp:failed,email:sent')).toBe(true);
  });
});

describe("the patient's WhatsApp choice", () => {
  it('needs the current consent text and a valid mobile; the server refuses otherwise and writes nothing', async () => {
    const p = await patientJar(c.t, { celular: '6777-8888' });
    const state = await call(c.t, p.jar, 'GET', '/api/patient/notification-channels');
    expect(state.json()).toEqual({
      correo: p.correo,
      whatsapp: { disponible: true, activo: false, numero: '+50767778888', consentido_at: null, version: null },
    });
    const none = await choose(p.jar, { whatsapp: true });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(messages.whatsappConsentRequired);
    const old = await choose(p.jar, { whatsapp: true, consentimiento_version: '2020-01-01' });
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe(messages.whatsappConsentOutdated);
    expect((await call(c.t, p.jar, 'GET', '/api/patient/notification-channels')).json().whatsapp.activo).toBe(false);

    const ok = await optIn(p.jar);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      message: messages.whatsappOptedIn,
      canales: { whatsapp: { activo: true, version: WHATSAPP_CONSENT_VERSION, consentido_at: new Date(c.t.clock.now()).toISOString() } },
    });

    // A Panamanian landline (2xx-xxxx) cannot receive WhatsApp: refused, nothing recorded.
    const fixed = await patientJar(c.t, { celular: '2123-4567' });
    expect((await call(c.t, fixed.jar, 'GET', '/api/patient/notification-channels')).json().whatsapp.numero).toBeNull();
    const refused = await optIn(fixed.jar);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(messages.whatsappNumberInvalid);
    expect((await call(c.t, fixed.jar, 'GET', '/api/patient/notification-channels')).json().whatsapp.activo).toBe(false);
  });
});

describe('WhatsApp numbers, templates, configuration and the client', () => {
  it("gives every template only the clinic's name, a date, an hour and a link", () => {
    const ctx = { clinicName: 'Clínica Virtual Panamá', origin: 'https://clinica.example', contact: { address: '', phone: '', whatsapp: '', email: '' } };
    const start = new Date('2026-11-23T15:00:00Z');
    expect(whatsappParams('waitlistOffer', { start, expiresAt: new Date('2026-11-23T13:00:00Z'), token: 'abc' }, ctx)).toEqual([
      'Clínica Virtual Panamá',
      'lunes 23 nov. 2026',
      '10:00 a. m.',
      'https://clinica.example/citas?oferta=abc',
    ]);
    expect(whatsappParams('consultationAuthorised', {}, ctx)).toEqual(['Clínica Virtual Panamá', 'https://clinica.example/ConsultaChat']);
    // Kinds without a template (clinical or with a calendar file) never go by WhatsApp.
    for (const kind of ['consultationReferred', 'appointmentConfirmed', 'documentAvailable', 'paymentRejected']) expect(isWhatsappKind(kind)).toBe(false);
  });

  it('builds E.164 from the profile and refuses what cannot be a WhatsApp number', () => {
    expect(whatsappNumber('+507', '6123-4567')).toBe('+50761234567');
    expect(whatsappNumber('+507', '2123-4567')).toBeNull();
    expect(whatsappNumber('+507', '')).toBeNull();
    expect(whatsappNumber('+507', '61234')).toBeNull();
    expect(whatsappNumber('+54', '1123456789')).toBe('+5491123456789');
    expect(whatsappNumber('+1-787', '7875551234')).toBe('+17875551234');
    expect(whatsappNumber('507', '61234567')).toBeNull();
  });

  it('is off without credentials in production, which also refuses the stand-in and a local base', () => {
    expect(parseWhatsapp({}, true).mode).toBe('off');
    expect(parseWhatsapp({}, false).mode).toBe('stand-in');
    expect(parseWhatsapp({ WHATSAPP_STAND_IN: '0' }, false).mode).toBe('off');
    expect(() => parseWhatsapp({ WHATSAPP_STAND_IN: '1' }, true)).toThrow(/WHATSAPP_STAND_IN/);
    const live = { WHATSAPP_TOKEN: 't', WHATSAPP_PHONE_NUMBER_ID: '123' };
    expect(parseWhatsapp(live, true)).toMatchObject({ mode: 'cloud', apiBase: 'https://graph.facebook.com/v21.0' });
    expect(() => parseWhatsapp({ ...live, WHATSAPP_API_BASE: 'http://127.0.0.1:3000/whatsapp-sandbox/v21.0' }, true)).toThrow(/WHATSAPP_API_BASE/);
    expect(() => parseWhatsapp({ WHATSAPP_TOKEN: 't' }, false)).toThrow(/juntos/);
    expect(parseWhatsapp({ ...live, WHATSAPP_TEMPLATES: '{"appointmentReminder":"recordatorio_v2"}' }, true).templates).toMatchObject({
      appointmentReminder: 'recordatorio_v2',
      consultationAuthorised: 'consulta_autorizada',
    });
    expect(() => parseWhatsapp({ ...live, WHATSAPP_TEMPLATES: '{"otro":"x"}' }, true)).toThrow(/WHATSAPP_TEMPLATES/);
  });

  it('gives up on an answer that does not come in time, and sends the Bearer token', async () => {
    const app = Fastify();
    const state = new WhatsappStandInState('tok', '42');
    await app.register(whatsappStandIn, { prefix: '/wa', state, hangMs: 2_000 });
    try {
      const client = whatsappClient({ apiBase: '/wa/v21.0', phoneNumberId: '42', token: 'tok', fetch: injectFetch(app), timeoutMs: 100 });
      expect((await client.sendTemplate('+50761234567', 'recordatorio_cita', ['a'])).id).toMatch(/^wamid\./);
      state.fail('timeout');
      await expect(client.sendTemplate('+50761234567', 'recordatorio_cita', ['a'])).rejects.toMatchObject({ status: 0 });
      const wrong = whatsappClient({ apiBase: '/wa/v21.0', phoneNumberId: '42', token: 'otro', fetch: injectFetch(app) });
      state.fail(null);
      await expect(wrong.sendTemplate('+50761234567', 'recordatorio_cita', ['a'])).rejects.toMatchObject({ status: 401, code: 190 });
    } finally {
      await app.close();
    }
  });
});
