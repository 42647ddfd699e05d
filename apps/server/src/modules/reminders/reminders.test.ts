import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { CookieJar, validRegistration } from '../../../test/harness.js';
import {
  adminJar,
  call,
  doctorAccount,
  openAppointmentsClinic,
  patientJar,
  rowsOf,
  type AppointmentsClinic,
} from '../appointments/appointments.test-support.js';
import { confirmedAppointment, remindersTo } from './reminders.test-support.js';

// Reminders with a one-tap confirm link (issue 24, item 7, decision 0052), through the real app
// and its test clock: Saturday 2026-11-21, 10:00 in Panama (15:00 UTC). The sweep is called as the
// timer would call it (MAIL_WORKER is off in these tests, so no timer runs).

let c: AppointmentsClinic;
beforeAll(async () => {
  c = await openAppointmentsClinic();
});
afterAll(async () => {
  await c?.close();
});

/** Moves the test clock to a Panama time (UTC-5) of this week. */
const at = (panama: string) => {
  const target = Date.parse(`${panama}-05:00`);
  expect(target).toBeGreaterThanOrEqual(c.t.clock.now());
  c.t.clock.advance(target - c.t.clock.now());
};
const view = (token: string) => call(c.t, null, 'POST', '/api/appointments/attendance', { token });
const confirm = (token: string) => call(c.t, null, 'POST', '/api/appointments/attendance/confirm', { token });
const login = async (correo: string) => {
  const jar = new CookieJar();
  jar.store(await c.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: correo, password: validRegistration().password } }));
  return jar;
};
/** The answer as stored, by appointment token. */
const answered = async (token: string) =>
  rowsOf<{ at: Date | string | null }>(await c.t.app.db.execute(sql`select asistencia_confirmada_at as at from appointments where token = ${token}`))[0]!.at;

describe('reminders 24 h and 2 h before, once each, with a link that confirms attendance', () => {
  it('sends each once (also with sweeps racing), never for a cancelled appointment, and the link confirms only its own appointment until it starts', async () => {
    const doctor = await doctorAccount(c.t);
    const ana = await patientJar(c.t);
    const luis = await patientJar(c.t);
    const a = await confirmedAppointment(c, ana.jar, { id_doctor: doctor.id, fecha: '2026-11-23', hora: '10:00' });
    const b = await confirmedAppointment(c, ana.jar, { id_doctor: doctor.id, fecha: '2026-11-23', hora: '11:00' });
    // Booked 23 hours ahead: inside the 24-hour window, so that reminder (with the link) goes at once.
    const late = await confirmedAppointment(c, ana.jar, { id_doctor: doctor.id, fecha: '2026-11-22', hora: '09:00' });
    const e = await confirmedAppointment(c, luis.jar, { id_doctor: doctor.id, fecha: '2026-11-23', hora: '12:00' });

    expect(await c.t.app.reminders.sweep()).toBe(1);
    expect(await c.t.app.reminders.sweep()).toBe(0);

    at('2026-11-22T07:30');
    expect(await c.t.app.reminders.sweep()).toBe(1);
    const [, lateReminder] = await remindersTo(c.t, ana.correo);
    expect(lateReminder!.text).toContain('domingo 22 nov. 2026, 9:00 a. m.');
    // No clinical detail: neither the reason for the visit nor the service nor the doctor.
    expect(lateReminder!.text).not.toMatch(/presión|Medicina|Castillo/);
    expect(lateReminder!.text).toContain(`/Citas_usuario?cita=${late}`);

    const admin = await adminJar(c.t);
    const cancelled = await call(c.t, admin, 'POST', `/api/admin/appointments/${b}/cancel`, { motivo: 'El médico no estará' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    // Sunday 10:30: Monday 10:00 is within 24 hours. Three instances sweep at the same moment.
    at('2026-11-22T10:30');
    const sent = await Promise.all([c.t.app.reminders.sweep(), c.t.app.reminders.sweep(), c.t.app.reminders.sweep()]);
    expect(sent.reduce((x, y) => x + y, 0)).toBe(1);
    expect(await c.t.app.reminders.sweep()).toBe(0);
    const anas = await remindersTo(c.t, ana.correo);
    expect(anas).toHaveLength(3);
    const reminderA = anas[2]!;
    expect(reminderA.text).toContain('lunes 23 nov. 2026, 10:00 a. m.');
    expect(reminderA.text).toContain(`/Citas_usuario?cita=${a}`);
    // The cancelled appointment (Monday 11:00) got nothing, now or later.
    expect(anas.some((m) => m.text.includes(`cita=${b}`))).toBe(false);

    // The link's page: the appointment, never the patient's name; reading it changes nothing.
    const shown = await view(reminderA.token);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toEqual({
      fecha: '2026-11-23',
      hora: '10:00',
      servicio: 'consulta_general',
      doctor: 'Ana Castillo',
      estado: 'confirmada',
      asistencia_confirmada_at: null,
    });
    expect(shown.body).not.toContain(ana.nombre);
    expect(await answered(a)).toBeNull();

    // An altered token, or not a token: refused, nothing written.
    const last = reminderA.token.at(-1) === 'A' ? 'B' : 'A';
    const altered = await confirm(reminderA.token.slice(0, -1) + last);
    expect(altered.statusCode).toBe(404);
    expect(altered.json().message).toBe(messages.attendanceLinkInvalid);
    const junk = await confirm('no-es-un-token');
    expect(junk.statusCode).toBe(400);
    expect(junk.json().message).toBe(messages.attendanceLinkInvalid);
    expect(await answered(a)).toBeNull();

    const done = await confirm(reminderA.token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ success: true, message: messages.attendanceConfirmed, cita: { asistencia_confirmada_at: new Date(c.t.clock.now()).toISOString() } });
    const when = new Date(c.t.clock.now()).toISOString();
    c.t.clock.advance(60_000);
    const again = await confirm(reminderA.token);
    expect(again.json()).toMatchObject({ message: messages.attendanceAlreadyConfirmed, cita: { asistencia_confirmada_at: when } });

    // The answer on the staff screens and in the patient's list (signed in again: the clock moved past the idle limit).
    const doctorJar = new CookieJar();
    doctorJar.store(await c.t.app.inject({ method: 'POST', url: '/api/doctor/login', payload: { email: doctor.correo, password: 'secreto-seguro-1' } }));
    const doctorRows = (await call(c.t, doctorJar, 'GET', '/api/doctor/appointments')).json<{ items: { token: string; asistencia_confirmada_at: string | null }[] }>().items;
    expect(doctorRows.find((r) => r.token === a)?.asistencia_confirmada_at).toBe(when);
    expect(doctorRows.find((r) => r.token === e)?.asistencia_confirmada_at).toBeNull();
    const admin2 = await adminJar(c.t);
    const adminDetail = await call(c.t, admin2, 'GET', `/api/admin/appointments/${a}`);
    expect(adminDetail.json()).toMatchObject({ asistencia_confirmada_at: when });
    const mine = (await call(c.t, await login(ana.correo), 'GET', '/api/appointments')).json<{ items: { token: string; asistencia_confirmada_at: string | null }[] }>().items;
    expect(mine.find((r) => r.token === a)?.asistencia_confirmada_at).toBe(when);

    // Luis's reminder at Sunday 12:30: his link confirms his appointment only, and Ana's confirmed none of his.
    at('2026-11-22T12:30');
    expect(await c.t.app.reminders.sweep()).toBe(1);
    const [reminderE] = await remindersTo(c.t, luis.correo);
    expect(await answered(e)).toBeNull();
    expect((await view(reminderE!.token)).json()).toMatchObject({ fecha: '2026-11-23', hora: '12:00' });
    // Cancelled after its reminder was queued: the link no longer opens, and the unsent reminder is withdrawn.
    expect((await call(c.t, await adminJar(c.t), 'POST', `/api/admin/appointments/${e}/cancel`, { motivo: 'Pago devuelto' })).statusCode).toBe(200);
    const closed = await confirm(reminderE!.token);
    expect(closed.statusCode).toBe(410);
    expect(closed.json().message).toBe(messages.attendanceLinkClosed);
    expect(await answered(e)).toBeNull();
    expect((await remindersTo(c.t, luis.correo))[0]!.status).toBe('cancelled');

    // Monday 08:30: the 2-hour reminder, once.
    at('2026-11-23T08:30');
    expect(await c.t.app.reminders.sweep()).toBe(1);
    expect(await c.t.app.reminders.sweep()).toBe(0);
    expect(await remindersTo(c.t, ana.correo)).toHaveLength(4);

    // From the start on, neither link opens.
    at('2026-11-23T10:00');
    for (const m of await remindersTo(c.t, ana.correo)) {
      const res = await view(m.token);
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toBe(messages.attendanceLinkClosed);
    }
    expect(await c.t.app.reminders.sweep()).toBe(0);
  }, 90_000); // one long story through many requests: slow on a loaded machine

  it('a moved appointment is reminded again for its new hour: the answer about the old hour is cleared and its link stops working', async () => {
    const doctor = await doctorAccount(c.t);
    const eva = await patientJar(c.t);
    const cita = await confirmedAppointment(c, eva.jar, { id_doctor: doctor.id, fecha: '2026-11-25', hora: '10:00' });
    at('2026-11-24T10:30');
    expect(await c.t.app.reminders.sweep()).toBe(1);
    const [first] = await remindersTo(c.t, eva.correo);
    expect((await confirm(first!.token)).statusCode).toBe(200);
    expect(await answered(cita)).not.toBeNull();

    const moved = await call(c.t, await adminJar(c.t), 'POST', `/api/admin/appointments/${cita}/reschedule`, { fecha: '2026-11-26', hora: '11:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await answered(cita)).toBeNull();
    const old = await view(first!.token);
    expect(old.statusCode).toBe(404);
    expect(old.json().message).toBe(messages.attendanceLinkInvalid);
    // Thursday 11:00 is more than 24 hours away: nothing yet; inside the window, one new reminder.
    expect(await c.t.app.reminders.sweep()).toBe(0);
    at('2026-11-25T11:30');
    expect(await c.t.app.reminders.sweep()).toBe(1);
    const reminders = await remindersTo(c.t, eva.correo);
    expect(reminders).toHaveLength(2);
    expect(reminders[1]!.text).toContain('jueves 26 nov. 2026, 11:00 a. m.');
    expect((await view(reminders[1]!.token)).json()).toMatchObject({ fecha: '2026-11-26', hora: '11:00' });
  }, 60_000);
});
