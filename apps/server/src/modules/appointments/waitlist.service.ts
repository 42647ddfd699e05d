import { AppError, badRequest, notFound } from '../../infra/http/errors.js';
import { inTransaction, type Db } from '../../db/client.js';
import { newToken } from '../../infra/token.js';
import type { Notifier } from '../mail/index.js';
import type { DoctorsRepository } from '../doctors/index.js';
import { lastBookableDate, messages, panamaToday, slotStart, type WaitlistJoin } from '@clinica/shared';
import type { WaitlistRepository } from './waitlist.repository.js';

const MINUTE_MS = 60_000;

export interface WaitlistDeps {
  db: Db;
  repo: WaitlistRepository;
  doctors: DoctorsRepository;
  notify: Notifier;
  now: () => number;
  /** APPOINTMENT_WAITLIST_OFFER_MINUTES and APPOINTMENT_WAITLIST_MAX_ENTRIES (infra/config.ts). */
  settings: { offerMinutes: number; maxEntries: number };
  /**
   * The doctor's hours of a date as the booking rule sees them right now (the appointments
   * service's, never the cache): `working` ignores who holds them, `free` is what can be booked.
   */
  dayHours: (doctorId: string, fecha: string) => Promise<{ working: string[]; free: string[] }>;
  /** Locks the patient's row: their entries are counted one request after the other. */
  lockPatient: (tx: Db, patientId: string) => Promise<void>;
}

/**
 * The waitlist (issue 24, item 5, decision 0050). A patient joins a doctor's day that has no free
 * hour; when an hour of that doctor and date frees up, `slotFreed` e-mails every waiting patient an
 * offer valid for APPOINTMENT_WAITLIST_OFFER_MINUTES (never past the hour's start). An offer
 * reserves nothing: the first patient to book the hour through the normal booking gets it (the
 * appointments' slot index decides); the others are told in words and keep waiting.
 */
export function waitlistService(deps: WaitlistDeps) {
  const { repo } = deps;
  const at = () => new Date(deps.now());

  /**
   * Offers the freed hours of the doctor's date to each patient waiting for it; returns how many
   * patients were mailed. One mail per patient however many hours freed at once (a block lifted,
   * weekly hours widened): it names the first; every offered hour is on /Citas_usuario.
   */
  async function offerHours(doctorId: string, fecha: string, horas: string[]) {
    const now = deps.now();
    if (fecha < panamaToday(now) || horas.length === 0) return 0;
    const waiting = await repo.waiting(doctorId, fecha);
    if (waiting.length === 0) return 0;
    // The hours must really be free now: freed by a cancellation but blocked, past or taken again meanwhile, they are not offered.
    const { free } = await deps.dayHours(doctorId, fecha);
    const offered = horas.filter((h) => free.includes(h)).sort();
    if (offered.length === 0) return 0;
    let sent = 0;
    for (const entry of waiting) {
      let first: { start: Date; expiresAt: Date; token: string } | undefined;
      for (const hora of offered) {
        const start = slotStart(fecha, hora);
        const expiresAt = new Date(Math.min(now + deps.settings.offerMinutes * MINUTE_MS, start.getTime()));
        const token = newToken(24);
        // One open offer per entry and hour (the unique index): a second instance freeing the same hour mails nobody twice.
        if (await repo.offer(entry.id, hora, token, expiresAt, new Date(now))) first ??= { start, expiresAt, token };
      }
      if (!first) continue;
      await deps.notify.waitlistOffer({ patientId: entry.patient_id }, first);
      sent++;
    }
    return sent;
  }

  /** Offers the freed hour to each patient waiting for the doctor's date; returns how many were mailed. */
  const slotFreed = (doctorId: string, fecha: string, hora: string) => offerHours(doctorId, fecha, [hora]);

  /**
   * After a block was removed or the weekly hours widened: the free hours of each date somebody
   * waits for are offered (an hour already offered and still open is not offered again).
   */
  async function hoursFreed(doctorId: string, fecha?: string) {
    const dates = fecha ? [fecha] : await repo.datesWaiting(doctorId, panamaToday(deps.now()));
    let sent = 0;
    for (const d of dates) sent += await offerHours(doctorId, d, (await deps.dayHours(doctorId, d)).free);
    return sent;
  }

  return {
    slotFreed,
    hoursFreed,

    /**
     * Joins the doctor's waitlist for the date: only a day the doctor works on (today or later,
     * within the booking range) whose every hour is taken; once per patient, doctor, service and
     * date (the unique index); at most APPOINTMENT_WAITLIST_MAX_ENTRIES active at once.
     */
    async join(patientId: string, input: WaitlistJoin) {
      const doctor = await deps.doctors.findInService(input.id_doctor, input.servicio);
      if (!doctor) throw badRequest(messages.doctorNotInService, { id_doctor: messages.doctorNotInService });
      const now = deps.now();
      if (input.fecha < panamaToday(now)) throw badRequest(messages.appointmentPastDate, { fecha: messages.appointmentPastDate });
      if (input.fecha > lastBookableDate(now)) throw badRequest(messages.appointmentTooFar, { fecha: messages.appointmentTooFar });
      const { working, free } = await deps.dayHours(input.id_doctor, input.fecha);
      if (working.length === 0) throw badRequest(messages.waitlistDayClosed, { fecha: messages.waitlistDayClosed });
      if (free.length > 0) throw new AppError(409, messages.waitlistDayHasHours, { fecha: messages.waitlistDayHasHours });
      const inserted = await inTransaction(deps.db, async (tx) => {
        await deps.lockPatient(tx, patientId);
        if ((await repo.countActive(tx, patientId)) >= deps.settings.maxEntries) throw new AppError(429, messages.waitlistTooMany);
        return repo.insert(tx, { patient_id: patientId, doctor_id: input.id_doctor, servicio: input.servicio, fecha: input.fecha, created_at: at() });
      });
      if (!inserted) throw new AppError(409, messages.waitlistAlreadyJoined);
      return inserted;
    },

    /** The patient's own active entries, with the offers still open on them. */
    mine(patientId: string) {
      return repo.mine(patientId, panamaToday(deps.now()), at());
    },

    /** The patient leaves one of their own entries (anyone else's, or one already ended: 404). */
    async leave(patientId: string, id: string) {
      if (!(await repo.leave(patientId, id, at()))) throw new AppError(404, messages.waitlistNotFound);
    },

    /**
     * The offer its link opens, for its own patient only (anyone else: 404, as if it did not
     * exist). `tomada`: another patient booked the hour; `vencida`/`usada`: closed.
     */
    async offer(patientId: string, token: string) {
      const o = await repo.offerByToken(token);
      if (!o || o.patient_id !== patientId) throw notFound();
      const now = deps.now();
      let estado: 'abierta' | 'tomada' | 'vencida' | 'usada' =
        o.estado === 'usada' ? 'usada' : o.estado === 'vencida' || o.expira_at.getTime() <= now || o.entry_estado !== 'activa' ? 'vencida' : 'abierta';
      if (estado === 'abierta' && !(await deps.dayHours(o.doctor_id, o.fecha)).free.includes(o.hora)) estado = 'tomada';
      const message = estado === 'abierta' ? null : estado === 'tomada' ? messages.waitlistOfferTaken : messages.waitlistOfferClosed;
      return { ...o, estado, message };
    },

    /**
     * Checks an offer before its hour is booked with it: the patient's own, still open, for this
     * very slot and service. The booking itself then runs as any other.
     */
    async assertOffer(patientId: string, token: string, slot: { id_doctor: string; servicio: string; fecha: string; hora: string }) {
      const o = await repo.offerByToken(token);
      if (!o || o.patient_id !== patientId) throw notFound();
      if (o.doctor_id !== slot.id_doctor || o.servicio !== slot.servicio || o.fecha !== slot.fecha || o.hora !== slot.hora) {
        throw badRequest(messages.waitlistOfferMismatch);
      }
      // Its own booking used it ('usada', the entry 'reservo'): a PayPal window closed or a card
      // refused and tried again is the same patient's same booking, allowed while the offer runs
      // (the slot's unique index still decides; the patient's earlier checkout is released).
      const open = o.estado === 'abierta' && o.entry_estado === 'activa';
      const retried = o.estado === 'usada' && o.entry_estado === 'reservo';
      if (!(open || retried) || o.expira_at.getTime() <= deps.now()) {
        throw new AppError(410, messages.waitlistOfferClosed);
      }
    },

    /** The patient booked an hour of the doctor that day (inside the booking's transaction): their waiting ends. */
    endForBooking: (tx: Db, patientId: string, doctorId: string, fecha: string) => repo.endForBooking(tx, patientId, doctorId, fecha, at()),

    /**
     * The sweep (every minute, on every instance): open offers past their deadline expire, and
     * entries of days already past end. Each is one conditional UPDATE, so instances sweeping
     * together change each row once.
     */
    async expire() {
      const now = at();
      const offers = await repo.expireOffers(now);
      const entries = await repo.endPast(panamaToday(now.getTime()), now);
      return { offers, entries };
    },

    /** Staff: how many patients wait per day (today on), for one doctor or all. */
    counts(doctorId?: string) {
      return repo.counts(panamaToday(deps.now()), doctorId);
    },
  };
}
export type WaitlistService = ReturnType<typeof waitlistService>;
