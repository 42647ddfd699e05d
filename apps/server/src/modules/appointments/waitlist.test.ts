import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type WaitlistEntry, type WeeklyHours } from '@clinica/shared';
import type { CookieJar } from '../../../test/harness.js';
import {
  adminJar,
  bookByReceipt,
  call,
  doctorAccount,
  hours,
  mailsTo,
  openAppointmentsClinic,
  patientJar,
  paypalOrder,
  rowsOf,
  type AppointmentsClinic,
} from './appointments.test-support.js';

// The waitlist (issue 24, item 5, decision 0050), through the real app. The clock starts on
// Saturday 2026-11-21, 10:00 in Panama, and only moves forward: the tests that move it come last.

let c: AppointmentsClinic;
beforeAll(async () => {
  c = await openAppointmentsClinic();
});
afterAll(async () => {
  await c?.close();
});

const THU = '2026-12-03';
const FRI = '2026-12-04';
const MINUTE = 60_000;

const empty = (): WeeklyHours => ({ lunes: [], martes: [], miercoles: [], jueves: [], viernes: [], sabado: [], domingo: [] });
const setHours = (jar: CookieJar, horario: WeeklyHours, confirmar = true) =>
  c.t.app.inject({ method: 'PUT', url: '/api/doctor/weekly-hours', headers: { cookie: jar.header }, payload: { horario, confirmar } });
const del = (jar: CookieJar, url: string) => c.t.app.inject({ method: 'DELETE', url, headers: { cookie: jar.header } });

/**
 * A doctor who works Thursday THU 09:00-10:00 (one hour) and Friday FRI 09:00-11:00, and a patient
 * who booked the Thursday hour by transfer: THU is full.
 */
async function fullThursday() {
  const doctor = await doctorAccount(c.t);
  const put = await setHours(doctor.jar, { ...empty(), jueves: [{ desde: '09:00', hasta: '10:00' }], viernes: [{ desde: '09:00', hasta: '11:00' }] });
  expect(put.statusCode, put.body).toBe(200);
  const holder = await patientJar(c.t);
  const booked = await bookByReceipt(c.t, holder.jar, { id_doctor: doctor.id, fecha: THU, hora: '09:00' });
  expect(booked.statusCode, booked.body).toBe(200);
  return { doctor, holder, token: booked.json<{ token: string }>().token };
}

const join = (jar: CookieJar, doctorId: string, fecha = THU, servicio = 'consulta_general') =>
  call(c.t, jar, 'POST', '/api/appointments/waitlist', { id_doctor: doctorId, servicio, fecha });

const mine = async (jar: CookieJar) => {
  const res = await call(c.t, jar, 'GET', '/api/appointments/waitlist');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<WaitlistEntry[]>();
};

/** A patient on the doctor's THU waitlist. */
async function waiting(doctorId: string, fecha = THU) {
  const p = await patientJar(c.t);
  const res = await join(p.jar, doctorId, fecha);
  expect(res.statusCode, res.body).toBe(201);
  return p;
}

const offerMails = async (correo: string) => (await mailsTo(c.t, correo)).filter((m) => m.kind === 'waitlistOffer');

const paymentIdOf = async (token: string) =>
  rowsOf<{ payment_id: string }>(await c.t.app.db.execute(sql`select payment_id from appointments where token = ${token}`))[0]!.payment_id;

describe('joining the waitlist', () => {
  it('only a worked day with no free hour, once per day, and the patient sees and leaves only their own entries', async () => {
    const { doctor } = await fullThursday();
    const p = await patientJar(c.t);
    // Friday still has free hours: choose one instead.
    const friday = await join(p.jar, doctor.id, FRI);
    expect(friday.statusCode).toBe(409);
    expect(friday.json()).toMatchObject({ message: messages.waitlistDayHasHours });
    // Monday the doctor does not work: no waitlist.
    const monday = await join(p.jar, doctor.id, '2026-11-30');
    expect(monday.statusCode).toBe(400);
    expect(monday.json()).toMatchObject({ message: messages.waitlistDayClosed });
    // The picker offers Thursday as a full day (and not Friday or Monday).
    const days = (await call(c.t, p.jar, 'GET', `/api/appointments/waitlist/days?id=${doctor.id}`)).json<string[]>();
    expect(days).toContain(THU);
    expect(days).not.toContain(FRI);
    expect(days).not.toContain('2026-11-30');

    const joined = await join(p.jar, doctor.id);
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json()).toMatchObject({ message: messages.waitlistJoined });
    // Not twice, even at once.
    const twice = await Promise.all([join(p.jar, doctor.id), join(p.jar, doctor.id)]);
    expect(twice.map((r) => r.statusCode)).toEqual([409, 409]);
    expect(twice[0].json()).toMatchObject({ message: messages.waitlistAlreadyJoined });

    const entries = await mine(p.jar);
    expect(entries).toEqual([expect.objectContaining({ fecha: THU, servicio: 'consulta_general', doctor: 'Ana Castillo', ofertas: [] })]);
    // Another patient sees none of it and cannot leave it.
    const other = await patientJar(c.t);
    expect(await mine(other.jar)).toEqual([]);
    const theirs = await del(other.jar, `/api/appointments/waitlist/${entries[0]!.id}`);
    expect(theirs.statusCode).toBe(404);
    expect(await mine(p.jar)).toHaveLength(1);
    // The owner leaves it; leaving again is 404.
    const left = await del(p.jar, `/api/appointments/waitlist/${entries[0]!.id}`);
    expect(left.json()).toMatchObject({ success: true, message: messages.waitlistLeft });
    expect(await mine(p.jar)).toEqual([]);
    expect((await del(p.jar, `/api/appointments/waitlist/${entries[0]!.id}`)).statusCode).toBe(404);
  });

  it('a patient is on at most APPOINTMENT_WAITLIST_MAX_ENTRIES (5) days at once', async () => {
    const p = await patientJar(c.t);
    for (let i = 0; i < 5; i++) {
      const { doctor } = await fullThursday();
      expect((await join(p.jar, doctor.id)).statusCode).toBe(201);
    }
    const { doctor } = await fullThursday();
    const sixth = await join(p.jar, doctor.id);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ message: messages.waitlistTooMany });
  });

  it('staff see how many wait per day: the doctor their own, administrators every doctor', async () => {
    const { doctor } = await fullThursday();
    await waiting(doctor.id);
    await waiting(doctor.id);
    const own = (await call(c.t, doctor.jar, 'GET', '/api/doctor/waitlist')).json<{ fecha: string; cantidad: number; id_doctor: string }[]>();
    expect(own).toEqual([expect.objectContaining({ id_doctor: doctor.id, fecha: THU, cantidad: 2 })]);
    const all = (await call(c.t, await adminJar(c.t), 'GET', '/api/admin/waitlist')).json<{ id_doctor: string; cantidad: number }[]>();
    expect(all).toContainEqual(expect.objectContaining({ id_doctor: doctor.id, cantidad: 2 }));
  });
});

describe('slotFreed: every path that frees an hour offers it to the waiting patients', () => {
  it('the patient cancels: each waiting patient gets one offer mail with a link; the offer opens only for its patient, audited', async () => {
    const { doctor, holder, token } = await fullThursday();
    const a = await waiting(doctor.id);
    const b = await waiting(doctor.id);
    const cancel = await call(c.t, holder.jar, 'POST', `/api/appointments/${token}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    for (const p of [a, b]) {
      const mails = await offerMails(p.correo);
      expect(mails).toEqual([{ kind: 'waitlistOffer', subject: 'Se liberó una hora para su cita' }]);
      const [entry] = await mine(p.jar);
      expect(entry!.ofertas).toEqual([expect.objectContaining({ hora: '09:00', expira_at: new Date(c.t.clock.now() + 120 * MINUTE).toISOString() })]);
    }
    // The holder, who waits for nothing, is offered nothing.
    expect(await offerMails(holder.correo)).toEqual([]);
    const offerToken = (await mine(a.jar))[0]!.ofertas[0]!.token;
    const before = rowsOf<{ id: number }>(await c.t.app.db.execute(sql`select coalesce(max(id), 0)::int as id from audit_log`))[0]!.id;
    const offer = await call(c.t, a.jar, 'GET', `/api/appointments/waitlist/offers/${offerToken}`);
    expect(offer.json()).toMatchObject({ id_doctor: doctor.id, fecha: THU, hora: '09:00', servicio: 'consulta_general', estado: 'abierta', message: null });
    const audited = rowsOf<{ action: string }>(await c.t.app.db.execute(sql`select action from audit_log where id > ${before} and actor_role = 'patient'`));
    expect(audited.map((r) => r.action)).toContain('appointment.read');
    // Another patient's offer is not found.
    expect((await call(c.t, b.jar, 'GET', `/api/appointments/waitlist/offers/${offerToken}`)).statusCode).toBe(404);
    // Freed "again" (a second instance, a repeated call): nobody is mailed twice.
    expect(await c.t.app.appointments.slotFreed(doctor.id, THU, '09:00')).toBe(0);
    expect(await offerMails(a.correo)).toHaveLength(1);
  });

  it('an administrator cancels', async () => {
    const { doctor, token } = await fullThursday();
    const w = await waiting(doctor.id);
    const res = await call(c.t, await adminJar(c.t), 'POST', `/api/admin/appointments/${token}/cancel`, { motivo: 'El médico no estará' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await offerMails(w.correo)).toHaveLength(1);
  });

  it('a rejected receipt', async () => {
    const { doctor, token } = await fullThursday();
    const w = await waiting(doctor.id);
    const res = await call(c.t, await adminJar(c.t), 'POST', '/api/admin/receipts/reject', { id: await paymentIdOf(token), motivo: 'Monto incompleto' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await offerMails(w.correo)).toHaveLength(1);
  });

  it('a reschedule away from the hour', async () => {
    const { doctor, holder, token } = await fullThursday();
    const w = await waiting(doctor.id);
    const moved = await call(c.t, holder.jar, 'POST', `/api/appointments/${token}/reschedule`, { fecha: FRI, hora: '10:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await offerMails(w.correo)).toHaveLength(1);
    expect((await mine(w.jar))[0]!.ofertas.map((o) => o.hora)).toEqual(['09:00']);
  });

  it('a block removed', async () => {
    const doctor = await doctorAccount(c.t);
    await setHours(doctor.jar, { ...empty(), jueves: [{ desde: '09:00', hasta: '11:00' }] });
    const holder = await patientJar(c.t);
    expect((await bookByReceipt(c.t, holder.jar, { id_doctor: doctor.id, fecha: THU, hora: '09:00' })).statusCode).toBe(200);
    expect((await call(c.t, doctor.jar, 'POST', '/api/doctor/blocked-dates', { date: THU, desde: '10:00', hasta: '11:00' })).statusCode).toBe(200);
    const w = await waiting(doctor.id);
    const unblock = await del(doctor.jar, `/api/doctor/blocked-dates/${THU}?desde=10:00&hasta=11:00`);
    expect(unblock.statusCode, unblock.body).toBeLessThan(300);
    expect(await offerMails(w.correo)).toHaveLength(1);
    expect((await mine(w.jar))[0]!.ofertas.map((o) => o.hora)).toEqual(['10:00']);
  });

  it('weekly hours widened', async () => {
    const { doctor } = await fullThursday();
    const w = await waiting(doctor.id);
    // Two more hours at once: both offered, in one mail (not one mail per hour).
    const res = await setHours(doctor.jar, { ...empty(), jueves: [{ desde: '09:00', hasta: '12:00' }], viernes: [{ desde: '09:00', hasta: '11:00' }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await offerMails(w.correo)).toHaveLength(1);
    expect((await mine(w.jar))[0]!.ofertas.map((o) => o.hora).sort()).toEqual(['10:00', '11:00']);
  });
});

describe('booking with an offer', () => {
  it('of 20 concurrent confirmations exactly one books the hour; 19 are told in words and stay on the list', async () => {
    const { doctor, holder, token } = await fullThursday();
    const patients = [];
    for (let i = 0; i < 20; i++) patients.push(await waiting(doctor.id));
    expect((await call(c.t, holder.jar, 'POST', `/api/appointments/${token}/cancel`)).statusCode).toBe(200);
    const offers = await Promise.all(patients.map(async (p) => (await mine(p.jar))[0]!.ofertas[0]!.token));
    const slot = { id_doctor: doctor.id, fecha: THU, hora: '09:00' };
    const results = await Promise.all(patients.map((p, i) => paypalOrder(c.t, p.jar, slot, { oferta: offers[i] })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 200)).toHaveLength(1);
    expect(codes.filter((s) => s === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json()).toMatchObject({ message: messages.waitlistOfferTaken });
    expect(
      rowsOf<{ n: number }>(
        await c.t.app.db.execute(sql`select count(*)::int as n from appointments where doctor_id = ${doctor.id} and fecha = ${THU} and estado <> 'cancelada'`),
      )[0]!.n,
    ).toBe(1);
    // The winner no longer waits; the 19 still do, and their offer now reads "taken".
    const winner = results.findIndex((r) => r.statusCode === 200);
    expect(await mine(patients[winner]!.jar)).toEqual([]);
    const loser = patients[(winner + 1) % 20]!;
    expect(await mine(loser.jar)).toHaveLength(1);
    const seen = await call(c.t, loser.jar, 'GET', `/api/appointments/waitlist/offers/${offers[(winner + 1) % 20]}`);
    expect(seen.json()).toMatchObject({ estado: 'tomada', message: messages.waitlistOfferTaken });
  });

  it('an offer is used only by its patient, for its own hour', async () => {
    const { doctor, holder, token } = await fullThursday();
    const w = await waiting(doctor.id);
    expect((await call(c.t, holder.jar, 'POST', `/api/appointments/${token}/cancel`)).statusCode).toBe(200);
    const offer = (await mine(w.jar))[0]!.ofertas[0]!.token;
    const other = await patientJar(c.t);
    const stolen = await paypalOrder(c.t, other.jar, { id_doctor: doctor.id, fecha: THU, hora: '09:00' }, { oferta: offer });
    expect(stolen.statusCode).toBe(404);
    const wrong = await paypalOrder(c.t, w.jar, { id_doctor: doctor.id, fecha: FRI, hora: '09:00' }, { oferta: offer });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: messages.waitlistOfferMismatch });
    // Nothing was written by either.
    expect(await hours(c.t, w.jar, doctor.id, THU)).toEqual(['09:00']);
    // Its patient books with it; the PayPal window closed, they try again with the same offer: still theirs, one hold.
    const first = await paypalOrder(c.t, w.jar, { id_doctor: doctor.id, fecha: THU, hora: '09:00' }, { oferta: offer });
    expect(first.statusCode, first.body).toBe(200);
    const again = await paypalOrder(c.t, w.jar, { id_doctor: doctor.id, fecha: THU, hora: '09:00' }, { oferta: offer });
    expect(again.statusCode, again.body).toBe(200);
    expect(
      rowsOf<{ n: number }>(
        await c.t.app.db.execute(sql`select count(*)::int as n from appointments where doctor_id = ${doctor.id} and fecha = ${THU} and estado <> 'cancelada'`),
      )[0]!.n,
    ).toBe(1);
  });
});

// These move the clock: last.
describe('expiry', () => {
  it('a PayPal checkout that lapses frees the hour and offers it, once across two sweeps', async () => {
    const doctor = await doctorAccount(c.t);
    const put = await setHours(doctor.jar, { ...empty(), jueves: [{ desde: '09:00', hasta: '10:00' }] });
    expect(put.statusCode, put.body).toBe(200);
    const holder = await patientJar(c.t);
    const order = await paypalOrder(c.t, holder.jar, { id_doctor: doctor.id, fecha: THU, hora: '09:00' });
    expect(order.statusCode, order.body).toBe(200);
    const w = await waiting(doctor.id);
    const stateOfHold = async () =>
      rowsOf<{ estado: string }>(
        await c.t.app.db.execute(sql`select estado from appointments where doctor_id = ${doctor.id} and fecha = ${THU} and hora = '09:00'`),
      ).map((r) => r.estado);
    // Still held (other tests' lapsed checkouts may be released here: only this hour is looked at).
    await c.t.app.appointments.releaseLapsedCheckouts();
    expect(await stateOfHold()).toEqual(['reservada']);
    expect(await offerMails(w.correo)).toHaveLength(0);
    c.t.clock.advance(16 * MINUTE);
    expect(await c.t.app.appointments.releaseLapsedCheckouts()).toBeGreaterThanOrEqual(1);
    expect(await stateOfHold()).toEqual(['cancelada']);
    // A second sweep (or another instance) finds nothing left to release and mails nobody again.
    expect(await c.t.app.appointments.releaseLapsedCheckouts()).toBe(0);
    expect(await offerMails(w.correo)).toHaveLength(1);
  });

  it('an expired hold frees the hour and offers it', async () => {
    const { doctor } = await fullThursday();
    const w = await waiting(doctor.id);
    c.t.clock.advance(24 * 60 * MINUTE + MINUTE);
    expect(await c.t.app.appointments.expireHolds()).toBeGreaterThan(0);
    expect(await offerMails(w.correo)).toHaveLength(1);
  });

  it('offers lapse after APPOINTMENT_WAITLIST_OFFER_MINUTES (once across two sweeps), and entries of past days end', async () => {
    const { doctor, holder, token } = await fullThursday();
    const w = await waiting(doctor.id);
    expect((await call(c.t, holder.jar, 'POST', `/api/appointments/${token}/cancel`)).statusCode).toBe(200);
    const offer = (await mine(w.jar))[0]!.ofertas[0]!.token;
    const waitlist = c.t.app.appointments.waitlist!;
    // The clock runs past the session's idle limit: the service is asked as the patient's routes ask it.
    const patientId = rowsOf<{ id: string }>(await c.t.app.db.execute(sql`select id from patients where correo = ${w.correo}`))[0]!.id;
    c.t.clock.advance(119 * MINUTE);
    await waitlist.expire();
    expect(await waitlist.offer(patientId, offer)).toMatchObject({ estado: 'abierta' });
    c.t.clock.advance(2 * MINUTE);
    const due = rowsOf<{ n: number }>(
      await c.t.app.db.execute(sql`select count(*)::int as n from waitlist_offers where estado = 'abierta' and expira_at <= ${new Date(c.t.clock.now()).toISOString()}::timestamptz`),
    )[0]!.n;
    expect(due).toBeGreaterThanOrEqual(1);
    const [one, two] = await Promise.all([waitlist.expire(), waitlist.expire()]);
    // Each offer is expired by exactly one of the two sweeps.
    const mineExpired = rowsOf<{ estado: string }>(await c.t.app.db.execute(sql`select estado from waitlist_offers where token = ${offer}`))[0]!.estado;
    expect(mineExpired).toBe('vencida');
    expect(one.offers + two.offers).toBe(due);
    expect(await waitlist.expire()).toEqual({ offers: 0, entries: 0 });
    expect(await waitlist.offer(patientId, offer)).toMatchObject({ estado: 'vencida', message: messages.waitlistOfferClosed });
    const late = c.t.app.appointments.createPaypalOrder(patientId, {
      servicio: 'consulta_general',
      id_doctor: doctor.id,
      fecha: THU,
      hora: '09:00',
      mensaje: 'Control',
      metodo_de_pago: 'Paypal o Tarjeta',
      monto: 10,
      oferta: offer,
    });
    await expect(late).rejects.toMatchObject({ statusCode: 410, message: messages.waitlistOfferClosed });
    // Still waiting for the day; once it has passed, the entry ends.
    expect((await waitlist.mine(patientId)).length).toBe(1);
    c.t.clock.advance(14 * 24 * 60 * MINUTE);
    expect((await waitlist.expire()).entries).toBeGreaterThanOrEqual(1);
    expect(rowsOf<{ estado: string }>(await c.t.app.db.execute(sql`select estado from appointment_waitlist where fecha = ${THU} and doctor_id = ${doctor.id}`))).toEqual([
      { estado: 'vencida' },
    ]);
  });
});
