import ICAL from 'ical.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@clinica/shared';
import { createTestApp } from '../../../test/harness.js';
import { appointmentIcs } from '../mail/index.js';
import {
  DAYS,
  adminJar,
  bookByReceipt,
  call,
  doctorAccount,
  openAppointmentsClinic,
  patientJar,
  rowsOf,
  type AppointmentsClinic,
} from '../appointments/appointments.test-support.js';

/**
 * The doctors' private iCalendar feeds and the patients' cancellation .ics (issue 24, item 6;
 * decision 0051), every calendar parsed with ical.js as a subscribing calendar would.
 */
let c: AppointmentsClinic;
beforeAll(async () => {
  c = await openAppointmentsClinic();
});
afterAll(async () => {
  await c?.close();
});

// ical.js types its parse result as any: one calendar's jCal is an array.
const parse = (text: string) => new ICAL.Component(ICAL.parse(text) as unknown[]);
const eventsOf = (cal: ICAL.Component) => cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
const del = (jar: { header: string }, url: string) => c.t.app.inject({ method: 'DELETE', url, headers: { cookie: jar.header } });
const anonymous = (url: string) => c.t.app.inject({ method: 'GET', url: new URL(url).pathname });

async function newFeed(doctor: Awaited<ReturnType<typeof doctorAccount>>) {
  const res = await call(c.t, doctor.jar, 'POST', '/api/doctor/calendar-feed', {});
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe(messages.calendarFeedCreated);
  return res.json<{ url: string }>().url;
}

describe('a doctor’s calendar feed', () => {
  it('lists the doctor’s own appointments in Panama time, cancelled ones as CANCELLED, and nothing clinical', async () => {
    const doctor = await doctorAccount(c.t);
    const other = await doctorAccount(c.t, 'consulta_general', 'Otro');
    const patient = await patientJar(c.t);
    const kept = (await bookByReceipt(c.t, patient.jar, { id_doctor: doctor.id, fecha: DAYS.wednesday, hora: '10:00' }, { mensaje: 'Dolor de pecho desde ayer' })).json<{ token: string }>().token;
    const dropped = (await bookByReceipt(c.t, patient.jar, { id_doctor: doctor.id, fecha: DAYS.thursday, hora: '09:00' })).json<{ token: string }>().token;
    await bookByReceipt(c.t, patient.jar, { id_doctor: other.id, fecha: DAYS.thursday, hora: '11:00' });
    const admin = await adminJar(c.t);
    expect((await call(c.t, admin, 'POST', `/api/admin/appointments/${dropped}/cancel`, { motivo: 'El médico no asiste' })).statusCode).toBe(200);

    expect((await call(c.t, doctor.jar, 'GET', '/api/doctor/calendar-feed')).json()).toEqual({ activo: false, creado_at: null });
    const url = await newFeed(doctor);
    expect(url).toMatch(/^https?:\/\/[^/]+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await call(c.t, doctor.jar, 'GET', '/api/doctor/calendar-feed')).json()).toMatchObject({ activo: true });

    const res = await anonymous(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    const cal = parse(res.body);
    expect(cal.getFirstPropertyValue('method')).toBe('PUBLISH');
    // Instants in UTC, which every calendar reads alike; the calendar is shown in Panama time.
    expect(cal.getFirstPropertyValue('x-wr-timezone')).toBe('America/Panama');
    const events = eventsOf(cal);
    // Only this doctor's two appointments: not the other doctor's.
    expect(events).toHaveLength(2);
    const [wed, thu] = events as [ICAL.Event, ICAL.Event];
    // Wednesday 10:00 in Panama is 15:00 UTC.
    expect(wed.startDate.zone?.tzid).toBe('UTC');
    expect(wed.startDate.toJSDate().toISOString()).toBe('2026-11-25T15:00:00.000Z');
    expect(wed.endDate.toJSDate().toISOString()).toBe('2026-11-25T16:00:00.000Z');
    expect(wed.summary).toContain('Medicina General');
    expect(wed.component.getFirstPropertyValue('status')).toBe('TENTATIVE');
    expect(thu.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(thu.sequence).toBe(1);
    const ids = rowsOf<{ id: string; token: string }>(await c.t.app.db.execute(sql`select id, token from appointments where token in (${kept}, ${dropped})`));
    const idOf = (token: string) => ids.find((r) => r.token === token)!.id;
    expect(wed.uid).toMatch(new RegExp(`^cita-${idOf(kept)}@`));
    expect(thu.uid).toMatch(new RegExp(`^cita-${idOf(dropped)}@`));
    // Privacy: the reason for the visit and the cancellation's reason never leave the clinic.
    expect(res.body).not.toContain('Dolor de pecho');
    expect(res.body).not.toContain('no asiste');
    expect(res.body).not.toContain(patient.correo);

    // Each fetch is audited: the doctor as reader, the patient whose name it showed.
    const audit = rowsOf<{ actor_id: string; patient_id: string }>(
      await c.t.app.db.execute(sql`select actor_id, patient_id from audit_log where action = 'appointment.list' and detail like 'calendario suscrito%' order by id desc limit 1`),
    );
    expect(audit[0]?.actor_id).toBe(doctor.id);
    expect(audit[0]?.patient_id).toBeTruthy();
  });

  it('a new URL revokes the old one; the doctor or an administrator can revoke it; the token is stored hashed', async () => {
    const doctor = await doctorAccount(c.t);
    const first = await newFeed(doctor);
    const second = await newFeed(doctor);
    expect(second).not.toBe(first);
    const gone = await anonymous(first);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(messages.calendarFeedNotFound);
    expect((await anonymous(second)).statusCode).toBe(200);
    const token = new URL(second).pathname.split('/').pop()!.replace('.ics', '');
    const stored = rowsOf<{ token_hash: string }>(await c.t.app.db.execute(sql`select token_hash from doctor_calendar_feeds where doctor_id = ${doctor.id}`));
    expect(stored[0]!.token_hash).not.toContain(token);

    expect((await del(doctor.jar, '/api/doctor/calendar-feed')).json().message).toBe(messages.calendarFeedRevoked);
    expect((await anonymous(second)).statusCode).toBe(404);

    const third = await newFeed(doctor);
    const admin = await adminJar(c.t);
    const byAdmin = await del(admin, `/api/admin/doctors/${doctor.id}/calendar-feed`);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await anonymous(third)).statusCode).toBe(404);
    expect((await call(c.t, doctor.jar, 'GET', '/api/doctor/calendar-feed')).json()).toEqual({ activo: false, creado_at: null });
  });

  it('a doctor manages only their own feed; patients and strangers cannot', async () => {
    const patient = await patientJar(c.t);
    expect((await call(c.t, patient.jar, 'POST', '/api/doctor/calendar-feed')).statusCode).toBe(401);
    expect((await c.t.app.inject({ method: 'GET', url: '/api/doctor/calendar-feed' })).statusCode).toBe(401);
    // A malformed or made-up token is refused the same way as a revoked one.
    expect((await c.t.app.inject({ method: 'GET', url: '/api/calendar/nope.ics' })).statusCode).toBe(400);
    expect((await c.t.app.inject({ method: 'GET', url: `/api/calendar/${'A'.repeat(43)}.ics` })).statusCode).toBe(404);
  });
});

describe('the patient’s cancellation .ics', () => {
  it('carries METHOD:CANCEL, the same UID as the confirmation and a higher SEQUENCE, whoever cancels', async () => {
    const doctor = await doctorAccount(c.t);
    const patient = await patientJar(c.t);
    const spy = vi.spyOn(c.t.app.notify, 'appointmentCancelled');
    const ctx = { clinicName: 'Clínica', origin: c.t.app.config.mail.linkOrigin, contact: { address: 'Calle 50' } };
    const admin = await adminJar(c.t);
    try {
      const byPatient = (await bookByReceipt(c.t, patient.jar, { id_doctor: doctor.id, fecha: DAYS.wednesday, hora: '11:00' })).json<{ token: string }>().token;
      const byAdmin = (await bookByReceipt(c.t, patient.jar, { id_doctor: doctor.id, fecha: DAYS.wednesday, hora: '12:00' })).json<{ token: string }>().token;
      const rejected = (await bookByReceipt(c.t, patient.jar, { id_doctor: doctor.id, fecha: DAYS.wednesday, hora: '13:00' })).json<{ token: string }>().token;
      const published = parse((await call(c.t, patient.jar, 'GET', `/api/appointments/${byPatient}/calendar.ics`)).body);
      const publishedEvent = eventsOf(published)[0]!;
      expect(publishedEvent.sequence).toBe(0);

      expect((await call(c.t, patient.jar, 'POST', `/api/appointments/${byPatient}/cancel`)).statusCode).toBe(200);
      expect((await call(c.t, admin, 'POST', `/api/admin/appointments/${byAdmin}/cancel`, { motivo: 'Cierre' })).statusCode).toBe(200);
      const [pay] = rowsOf<{ payment_id: string }>(await c.t.app.db.execute(sql`select payment_id from appointments where token = ${rejected}`));
      expect((await call(c.t, admin, 'POST', '/api/admin/receipts/reject', { id: pay!.payment_id, motivo: 'Ilegible' })).statusCode).toBe(200);

      expect(spy).toHaveBeenCalledTimes(3);
      for (const [, data] of spy.mock.calls) {
        const cal = parse(Buffer.from(appointmentIcs(data, ctx, 'CANCEL').contentBase64, 'base64').toString('utf8'));
        expect(cal.getFirstPropertyValue('method')).toBe('CANCEL');
        const ev = eventsOf(cal)[0]!;
        expect(ev.uid).toBe(`cita-${data.appointmentId}@${new URL(ctx.origin).hostname}`);
        expect(ev.sequence).toBeGreaterThan(0);
        expect(ev.component.getFirstPropertyValue('status')).toBe('CANCELLED');
      }
      // The same event as the one the patient added: same UID, a higher sequence.
      const first = eventsOf(parse(Buffer.from(appointmentIcs(spy.mock.calls[0]![1], ctx, 'CANCEL').contentBase64, 'base64').toString('utf8')))[0]!;
      expect(first.uid).toBe(publishedEvent.uid);
      expect(first.sequence).toBeGreaterThan(publishedEvent.sequence);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('the staff’s week view', () => {
  type Week = { desde: string; hasta: string; doctores: { id: string; nombre: string }[]; citas: { token: string; doctor_id: string; fecha: string; hora: string; paciente: string; reprogramada: boolean; asistencia: string | null }[]; bloqueos: { doctor_id: string; fecha: string; desde: string | null }[] };

  it('a doctor gets their own week (Monday to Sunday) with appointments and blocks; an administrator one doctor or all', async () => {
    const doctor = await doctorAccount(c.t, 'consulta_general', 'Semana');
    const other = await doctorAccount(c.t, 'consulta_general', 'Ajeno');
    const patient = await patientJar(c.t);
    const mine = (await bookByReceipt(c.t, patient.jar, { id_doctor: doctor.id, fecha: DAYS.wednesday, hora: '14:00' })).json<{ token: string }>().token;
    const theirs = (await bookByReceipt(c.t, patient.jar, { id_doctor: other.id, fecha: DAYS.wednesday, hora: '14:00' })).json<{ token: string }>().token;
    const blocked = await call(c.t, doctor.jar, 'POST', '/api/doctor/blocked-dates', { date: DAYS.thursday, confirmar: false, desde: '09:00', hasta: '11:00' });
    expect(blocked.statusCode, blocked.body).toBe(200);

    // Any date of the week gives that week: Thursday the 26th is in Monday 23..Sunday 29.
    const res = await call(c.t, doctor.jar, 'GET', `/api/doctor/calendar/week?desde=${DAYS.thursday}&doctor=${other.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const week = res.json<Week>();
    expect(week).toMatchObject({ desde: '2026-11-23', hasta: '2026-11-29' });
    // Only their own, whatever the query asks.
    expect(week.doctores.map((d) => d.id)).toEqual([doctor.id]);
    expect(week.citas.map((a) => a.token)).toEqual([mine]);
    // What the cell's words are made of (moved, attended): nothing marked yet.
    expect(week.citas[0]).toMatchObject({ reprogramada: false, asistencia: null });
    expect(week.citas[0]).toMatchObject({ fecha: DAYS.wednesday, hora: '14:00', paciente: expect.any(String) });
    expect(week.bloqueos).toEqual([{ doctor_id: doctor.id, fecha: DAYS.thursday, desde: '09:00', hasta: '11:00' }]);

    const admin = await adminJar(c.t);
    const one = (await call(c.t, admin, 'GET', `/api/admin/calendar/week?desde=${DAYS.monday}&doctor=${other.id}`)).json<Week>();
    expect(one.citas.map((a) => a.token)).toEqual([theirs]);
    const all = (await call(c.t, admin, 'GET', `/api/admin/calendar/week?desde=${DAYS.monday}`)).json<Week>();
    expect(all.doctores.map((d) => d.id)).toEqual(expect.arrayContaining([doctor.id, other.id]));
    expect(all.citas.map((a) => a.token)).toEqual(expect.arrayContaining([mine, theirs]));

    const bad = await call(c.t, admin, 'GET', '/api/admin/calendar/week?desde=2026-02-30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(messages.invalidDate);
    expect((await call(c.t, patient.jar, 'GET', `/api/doctor/calendar/week?desde=${DAYS.monday}`)).statusCode).toBe(401);
  });
});

describe('the feed’s rate limit', () => {
  it('an address past QUOTA_CALENDAR_FEED_PER_ADDRESS_HOUR is refused with a Spanish message until the hour is over', async () => {
    const t = await createTestApp({ QUOTA_CALENDAR_FEED_PER_ADDRESS_HOUR: '3', MAIL_WORKER: '0' });
    try {
      const doctor = await doctorAccount(t);
      const url = new URL((await call(t, doctor.jar, 'POST', '/api/doctor/calendar-feed', {})).json<{ url: string }>().url).pathname;
      for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      const refused = await t.app.inject({ method: 'GET', url });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(messages.calendarFeedTooMany);
      // Guessing tokens counts too: a made-up one is refused before any lookup.
      expect((await t.app.inject({ method: 'GET', url: `/api/calendar/${'B'.repeat(43)}.ics` })).statusCode).toBe(429);
      t.clock.advance(3_600_000 + 1000);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
