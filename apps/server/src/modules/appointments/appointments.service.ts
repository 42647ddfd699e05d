import {
  addDays,
  clinicWeeklyHours,
  doctorSlotsOn,
  lastBookableDate,
  outsideWeeklyHours,
  blockCovers,
  type SlotContext,
  type WeeklyHours,
  type WeeklyHoursResult,
  PATIENT_CANCEL_NOTICE_HOURS,
  PAYPAL_HOLD_MINUTES,
  freeHours,
  isCalendarDate,
  messages,
  panamaToday,
  slotProblem,
  slotStart,
  slotsOn,
  type AppointmentPaypalCapture,
  type AppointmentPaypalOrder,
  type AppointmentYappyOrder,
  type AppointmentReceipt,
  type BlockDateResult,
  type Service,
  type SlotProblem,
} from '@clinica/shared';
import { AppError, badRequest, notFound } from '../../infra/http/errors.js';
import type { DoctorsRepository } from '../doctors/index.js';
import type { Notifier } from '../mail/index.js';
import { inTransaction, type Db, type Tx } from '../../db/client.js';
import { YappyUndeliverable, type PaymentsService, type PurposeEffects, type YappyTarget } from '../payments/index.js';
import { newToken } from '../../infra/token.js';
import { decodeAppointmentCursor, encodeAppointmentCursor } from './appointments.cursor.js';
import type { AppointmentRecord, AppointmentsRepository, DoctorPlan, ListFilter } from './appointments.repository.js';
import type { AvailabilityCache } from './appointments.availability.js';
import type { WaitlistRepository } from './waitlist.repository.js';
import { waitlistService } from './waitlist.service.js';

const HOUR_MS = 60 * 60_000;
const HOLD_MS = PAYPAL_HOLD_MINUTES * 60_000;
const SLOT_INDEX = 'appointments_active_slot_key';
/** APPOINTMENT_HOLD_HOURS' default (infra/config.ts), for services built without the configuration. */
const DEFAULT_HOLD_HOURS = 24;

/** Thrown inside a transaction to undo it without an error reaching anyone. */
class Undo extends Error {}

/** The message and the field of each reason a slot cannot be booked. */
const PROBLEMS: Record<SlotProblem, { status: number; message: string; field: 'fecha' | 'hora' }> = {
  invalid_date: { status: 400, message: messages.invalidDate, field: 'fecha' },
  past_date: { status: 400, message: messages.appointmentPastDate, field: 'fecha' },
  too_far: { status: 400, message: messages.appointmentTooFar, field: 'fecha' },
  blocked: { status: 400, message: messages.appointmentDateBlocked, field: 'fecha' },
  invalid_hour: { status: 400, message: messages.appointmentOutsideHours, field: 'hora' },
  outside_hours: { status: 400, message: messages.appointmentOutsideHours, field: 'hora' },
  doctor_off: { status: 400, message: messages.appointmentDoctorOffHours, field: 'hora' },
  past_hour: { status: 400, message: messages.appointmentPastHour, field: 'hora' },
  taken: { status: 409, message: messages.appointmentSlotTaken, field: 'hora' },
};

const refuse = (problem: SlotProblem) => {
  const p = PROBLEMS[problem];
  return new AppError(p.status, p.message, { [p.field]: p.message });
};

const slotTaken = () => refuse('taken');

/** The database refused a second active appointment on one slot (pg and PGlite report it alike). */
export function isSlotConflict(err: unknown) {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23505' && (constraint === SLOT_INDEX || (typeof message === 'string' && message.includes(SLOT_INDEX)))) return true;
  }
  return false;
}

export interface AppointmentsDeps {
  db: Db;
  repo: AppointmentsRepository;
  doctors: DoctorsRepository;
  payments: PaymentsService;
  notify: Notifier;
  now: () => number;
  /** Unapproved appointments a patient may hold: with one doctor on one date, and in all (QUOTA_HELD_*). */
  quotas: { heldAppointmentsPerDoctorDay: number; heldAppointmentsTotal: number };
  /** Issue 24 (decision 0050): hours an unapproved transfer/Yappy booking holds its slot (APPOINTMENT_HOLD_HOURS). */
  holds?: { holdHours: number };
  /** Reschedule notice and the no-show policy (APPOINTMENT_RESCHEDULE_NOTICE_HOURS, APPOINTMENT_NO_SHOW_PREPAY_AFTER; decision 0049). */
  rules: { rescheduleNoticeHours: number; noShowPrepayAfter: number };
  /** The short cache of what the free-hours call and the picker show (never the booking rule); none: read every time. */
  cache?: AvailabilityCache;
  /** Told after every write that changes a doctor's availability (drops the cache here and on the other instances). */
  changed?: (doctorId: string) => void;
  /** The waitlist (issue 24, item 5, decision 0050); none: no offers are made when hours free up. */
  waitlist?: { repo: WaitlistRepository; settings: { offerMinutes: number; maxEntries: number } };
  /** Told when something after a committed change failed (offering a freed hour): the change stands. */
  warn?: (err: unknown, what: string) => void;
}

/**
 * The slot rule's context of `fecha` from a doctor's plan: the whole-day block, the slots their
 * weekly hours and partial blocks leave (`doctorSlotsOn`), and the held hours. The one place a
 * plan becomes "is this doctor bookable at this slot".
 */
export function slotContext(plan: DoctorPlan, fecha: string, now: number): SlotContext {
  const blocks = plan.blocks.get(fecha) ?? [];
  return {
    now,
    blocked: blocks.some((b) => b.desde === null),
    held: plan.held.get(fecha) ?? new Set(),
    hours: new Set(doctorSlotsOn(fecha, plan.weekly, blocks)),
  };
}

/**
 * In-person appointments (docs/spec/decisions.md, "In-person appointments"): free hours in Panama time,
 * booking with its payment, the doctors' unavailable dates, and cancellation. Whether a slot is
 * free is decided here and, at the last moment, by the database's unique index.
 */
export function appointmentsService(deps: AppointmentsDeps) {
  const { repo, payments, notify } = deps;
  const at = () => new Date(deps.now());
  const changed = (doctorId: string) => deps.changed?.(doctorId);
  const holdHours = deps.holds?.holdHours ?? DEFAULT_HOLD_HOURS;

  // --- the waitlist (issue 24, item 5, decision 0050) ----------------------------------------

  /** A date's hours as the booking rule sees them now (no cache): the doctor's working ones, and the free ones. */
  async function dayHours(doctorId: string, fecha: string) {
    const now = at();
    const ctx = slotContext(await repo.plan(deps.db, doctorId, fecha, fecha, now), fecha, now.getTime());
    return { working: freeHours(fecha, { ...ctx, held: new Set() }), free: freeHours(fecha, ctx) };
  }

  const waitlist = deps.waitlist
    ? waitlistService({
        db: deps.db,
        repo: deps.waitlist.repo,
        doctors: deps.doctors,
        notify,
        now: deps.now,
        settings: deps.waitlist.settings,
        dayHours,
        lockPatient: (tx, patientId) => repo.lockPatient(tx, patientId),
      })
    : undefined;

  /**
   * An hour of the doctor's date freed up: every path that frees one calls this (cancellation by
   * the patient or an administrator, a rejected receipt, an expired hold, a reschedule away, a
   * failed PayPal order). The waiting patients are offered it; a failure here never undoes the
   * change that freed it.
   */
  async function slotFreed(doctorId: string, fecha: string, hora: string) {
    if (!waitlist) return 0;
    try {
      return await waitlist.slotFreed(doctorId, fecha, hora);
    } catch (err) {
      deps.warn?.(err, 'waitlist offers not sent');
      return 0;
    }
  }

  /** A block removed or weekly hours widened: the free hours of the dates patients wait for are offered. */
  async function hoursFreed(doctorId: string, fecha?: string) {
    if (!waitlist) return;
    try {
      await waitlist.hoursFreed(doctorId, fecha);
    } catch (err) {
      deps.warn?.(err, 'waitlist offers not sent');
    }
  }

  /**
   * The days from today to the last bookable one on which the doctor works but every hour is
   * taken: the ones whose waitlist a patient may join (decision 0050). Read fresh, like the rule.
   */
  async function fullDates(doctorId: string) {
    const now = at();
    const from = panamaToday(now.getTime());
    const to = lastBookableDate(now.getTime());
    const plan = await repo.plan(deps.db, doctorId, from, to, now);
    const out: string[] = [];
    for (let fecha = from; fecha <= to; fecha = addDays(fecha, 1)) {
      const ctx = slotContext(plan, fecha, now.getTime());
      if (freeHours(fecha, ctx).length === 0 && freeHours(fecha, { ...ctx, held: new Set() }).length > 0) out.push(fecha);
    }
    return out;
  }

  /** Booking with a waitlist offer (`oferta`): the offer checked first, and a taken hour said as the offer's. */
  async function withOffer<T>(patientId: string, input: { oferta?: string | undefined; id_doctor: string; servicio: string; fecha: string; hora: string }, book: () => Promise<T>) {
    if (!input.oferta) return book();
    if (!waitlist) throw notFound();
    await waitlist.assertOffer(patientId, input.oferta, input);
    try {
      return await book();
    } catch (err) {
      if (err instanceof AppError && err.message === messages.appointmentSlotTaken) {
        throw new AppError(409, messages.waitlistOfferTaken, { hora: messages.waitlistOfferTaken });
      }
      throw err;
    }
  }

  /** The doctor's plan of `from`..`to` for showing (cached when a cache is given). */
  const shownPlan = (doctorId: string, from: string, to: string) => {
    const read = () => repo.plan(deps.db, doctorId, from, to, at());
    return deps.cache ? deps.cache.get(doctorId, `${from}|${to}`, read) : read();
  };

  async function assertDoctor(servicio: Service, doctorId: string) {
    const doctor = await deps.doctors.findInService(doctorId, servicio);
    if (!doctor) throw badRequest(messages.doctorNotInService, { id_doctor: messages.doctorNotInService });
    return doctor;
  }

  /**
   * A patient holds only so many slots awaiting approval (each stays taken until an administrator
   * decides, and each mails staff): the limit's message says why and what to do (decision 0030).
   */
  async function assertHoldQuota(exec: Db, patientId: string, doctorId: string, fecha: string) {
    const held = await repo.heldByPatient(exec, patientId, doctorId, fecha, at());
    if (held.sameDay >= deps.quotas.heldAppointmentsPerDoctorDay) throw new AppError(429, messages.quotaHeldAppointmentsDoctorDay);
    if (held.total >= deps.quotas.heldAppointmentsTotal) throw new AppError(429, messages.quotaHeldAppointmentsTotal);
  }

  /** Refuses the slot with its reason, read inside `exec` (a transaction when booking); the patient's own checkout does not count. */
  async function assertSlotFree(exec: Db, slot: { doctorId: string; fecha: string; hora: string; patientId: string }) {
    const { doctorId, fecha, hora } = slot;
    // Date and hour rules first: a past or impossible date needs no query.
    const quick = slotProblem(fecha, hora, { now: deps.now(), blocked: false, held: new Set() });
    if (quick) throw refuse(quick);
    const now = at();
    const plan = await repo.plan(exec, doctorId, fecha, fecha, now, slot.patientId);
    const problem = slotProblem(fecha, hora, slotContext(plan, fecha, now.getTime()));
    if (problem) throw refuse(problem);
  }

  /**
   * Holds the slot ('reservada' until `until`) and starts the payment that will confirm it (a
   * PayPal checkout, a Yappy order). If the payment cannot be started the hold is released at once
   * and the waitlist hears of the hour, so a failed provider call never keeps an hour taken.
   */
  async function holdWhilePaying<T>(
    patientId: string,
    input: { id_doctor: string; servicio: AppointmentRecord['servicio']; fecha: string; hora: string; mensaje: string },
    until: Date,
    startPayment: (hold: AppointmentRecord) => Promise<T>,
  ): Promise<T> {
    let hold: AppointmentRecord;
    try {
      hold = await inTransaction(deps.db, (tx) =>
        insertOnSlot(tx, {
          patient_id: patientId,
          doctor_id: input.id_doctor,
          servicio: input.servicio,
          fecha: input.fecha,
          hora: input.hora,
          mensaje: input.mensaje,
          estado: 'reservada',
          reservada_hasta: until,
        }),
      );
    } catch (err) {
      if (isSlotConflict(err)) throw slotTaken();
      throw err;
    }
    changed(input.id_doctor);
    try {
      return await startPayment(hold);
    } catch (err) {
      await repo.cancel(deps.db, { id: hold.id }, { cancelada_por: 'reserva_vencida', now: at() });
      changed(input.id_doctor);
      await slotFreed(input.id_doctor, input.fecha, input.hora);
      throw err;
    }
  }

  /**
   * Writes the appointment inside the booking's transaction, with the doctor's row locked (shared)
   * and the patient's row locked (exclusive): the hold quota is counted again here, after the
   * patient's own lapsed checkout is released, so simultaneous requests cannot all pass it.
   */
  async function insertOnSlot(tx: Tx, row: Omit<Parameters<AppointmentsRepository['insert']>[1], 'inicio' | 'token' | 'created_at'>) {
    await repo.lockDoctor(tx, row.doctor_id, 'share');
    await repo.lockPatient(tx, row.patient_id);
    await repo.releaseHolds(tx, { patientId: row.patient_id, doctorId: row.doctor_id, fecha: row.fecha, hora: row.hora, now: at() });
    await assertHoldQuota(tx, row.patient_id, row.doctor_id, row.fecha);
    await assertSlotFree(tx, { doctorId: row.doctor_id, fecha: row.fecha, hora: row.hora, patientId: row.patient_id });
    const inserted = await repo.insert(tx, { ...row, token: newToken(24), inicio: slotStart(row.fecha, row.hora), created_at: at() });
    // Booked an hour of that doctor that day: the patient no longer waits for it (decision 0050).
    await waitlist?.endForBooking(tx, row.patient_id, row.doctor_id, row.fecha);
    return inserted;
  }

  // The sequence travels with every mail of the appointment, so its .ics replaces the one before (decision 0051).
  const appointmentData = (a: Pick<AppointmentRecord, 'id' | 'inicio' | 'secuencia'>) => ({ appointmentId: a.id, start: a.inicio, secuencia: a.secuencia });

  const isCancelable = (a: { estado: string; inicio: Date }) =>
    (a.estado === 'pendiente' || a.estado === 'confirmada') && a.inicio.getTime() - deps.now() > PATIENT_CANCEL_NOTICE_HOURS * HOUR_MS;

  // --- reschedule and attendance (issue 24, decision 0049) ---------------------------------------

  /** The patient may still move it: active, not marked, and more than the notice window ahead. */
  const isReschedulable = (a: { estado: string; inicio: Date; asistencia: string | null }) =>
    (a.estado === 'pendiente' || a.estado === 'confirmada') &&
    a.asistencia === null &&
    a.inicio.getTime() - deps.now() > deps.rules.rescheduleNoticeHours * HOUR_MS;

  /** Why an appointment cannot move at all (for anybody), or undefined. */
  function rescheduleRefusal(a: { estado: string; inicio: Date; asistencia: string | null }, by: 'patient' | 'admin') {
    if (a.estado === 'cancelada') return new AppError(409, messages.appointmentRescheduleCancelled);
    if (a.asistencia !== null || a.inicio.getTime() <= deps.now()) return badRequest(messages.appointmentRescheduleStarted);
    if (by === 'patient' && !isReschedulable(a)) return badRequest(messages.appointmentRescheduleTooLate);
    return undefined;
  }

  /** Attendance can be marked: confirmed, and its hour has started (decision 0049). */
  const isMarkable = (a: { estado: string; inicio: Date }) => a.estado === 'confirmada' && a.inicio.getTime() <= deps.now();

  /** The no-show policy: true when the patient must pay at once (PayPal) to book. */
  async function mustPrepay(exec: Db, patientId: string) {
    const after = deps.rules.noShowPrepayAfter;
    return after > 0 && (await repo.noShowCount(exec, patientId)) >= after;
  }

  async function tellCancelled(a: AppointmentRecord, motivo?: string | null, reembolso = false) {
    await notify.appointmentCancelled(
      { patientId: a.patient_id },
      { ...appointmentData(a), ...(motivo ? { motivo } : {}), ...(reembolso ? { reembolso: true } : {}) },
    );
  }

  /**
   * Cancels in one transaction with its payment's refund becoming due (docs/decisions/0035): the
   * patient cancelling in time or the clinic cancelling leaves the money owed back, whether the
   * payment was approved (PayPal, a checked receipt) or still under review (the receipt was sent).
   */
  async function cancelWithRefund(
    id: string,
    by: { cancelada_por: 'paciente' | 'administrador'; staffId?: string; motivo?: string },
  ) {
    const result = await inTransaction(deps.db, async (tx) => {
      const cancelled = await repo.cancel(tx, { id }, { ...by, now: at() });
      const refund =
        cancelled?.payment_id
          ? await payments.markRefundDueIn(
              tx,
              cancelled.payment_id,
              by.cancelada_por === 'paciente' ? 'cita_cancelada_paciente' : 'cita_cancelada_clinica',
              by.staffId ?? null,
            )
          : undefined;
      return { cancelled, refund };
    });
    if (result.cancelled) {
      changed(result.cancelled.doctor_id);
      await slotFreed(result.cancelled.doctor_id, result.cancelled.fecha, result.cancelled.hora);
    }
    return result;
  }

  /** What an appointment's payment does when decided (payment-effects.ts); the appointments plugin registers it. */
  const paymentEffects: PurposeEffects<'cita'> = {
    purpose: 'cita',
    approvableFromReceipts: true,
    async approved(tx, payment) {
      await repo.confirmByPayment(tx, payment.id, at());
    },
    // A rejected transfer frees the slot (docs/spec/decisions.md: a requested appointment holds its slot).
    async rejected(tx, payment, staffId) {
      await repo.cancel(tx, { paymentId: payment.id }, {
        cancelada_por: 'pago_rechazado',
        staffId,
        motivo: payment.motivo_rechazo,
        now: at(),
      });
    },
    async afterApproved(payment) {
      const a = await repo.findByPayment(payment.id);
      if (a?.estado === 'confirmada') await notify.appointmentConfirmed({ patientId: a.patient_id }, appointmentData(a));
    },
    async afterRejected(payment) {
      const a = await repo.findByPayment(payment.id);
      if (a) changed(a.doctor_id);
      if (a?.estado === 'cancelada' && a.cancelada_por === 'pago_rechazado') {
        await tellCancelled(a, payment.motivo_rechazo);
        await slotFreed(a.doctor_id, a.fecha, a.hora);
      }
    },
  };

  /**
   * Releases every transfer/Yappy booking whose hold lapsed (decision 0050): cancelled
   * ('reserva_vencida', the reason in words), its payment owed back and so no longer approvable,
   * the slot freed; the patient and the administrators are told. One transaction per booking,
   * payment first and then the appointment (the order an approval locks them in, so the two
   * never deadlock); the conditional updates decide which of several instances does it, and only
   * that one sends the mail. Returns how many it released.
   */
  async function expireHolds() {
    const now = at();
    let released = 0;
    for (const c of await repo.lapsedPending(now, holdHours)) {
      let done: { row: AppointmentRecord; metodo: string };
      try {
        done = await inTransaction(deps.db, async (tx) => {
          // No payment to mark, or already decided: an approval or a rejection got there first.
          const payment = c.payment_id ? await payments.markRefundDueIn(tx, c.payment_id, 'reserva_vencida') : undefined;
          if (!payment) throw new Undo();
          const row = await repo.expireHold(tx, c.id, now, holdHours, messages.appointmentHoldExpiredReason);
          if (!row) throw new Undo();
          return { row, metodo: payment.metodo_de_pago };
        });
      } catch (err) {
        if (err instanceof Undo) continue;
        throw err;
      }
      released++;
      changed(done.row.doctor_id);
      await slotFreed(done.row.doctor_id, done.row.fecha, done.row.hora);
      await notify.appointmentHoldExpired(
        { patientId: done.row.patient_id },
        { ...appointmentData(done.row), metodo: done.metodo, numero: done.row.numero },
      );
    }
    return released;
  }

  /**
   * PayPal checkouts whose 15-minute hold lapsed without a capture: their hours are free, and the
   * patients waiting for that day are offered them (decision 0050, session 10). Returns how many.
   */
  async function releaseLapsedCheckouts() {
    const rows = await repo.releaseLapsedCheckouts(at());
    for (const row of rows) {
      changed(row.doctor_id);
      await slotFreed(row.doctor_id, row.fecha, row.hora);
    }
    return rows.length;
  }

  /**
   * What an appointment's Yappy order does (decision 0058): paid, its hold becomes the confirmed
   * appointment at once; rejected, cancelled or lapsed, the hold is released for others.
   */
  const yappyTarget: YappyTarget = {
    purpose: 'cita',
    async paid(tx, order, payment) {
      const confirmed = order.contexto ? await repo.confirmHold(tx, order.contexto, payment.id, at()) : undefined;
      // The hold lives as long as the order; only a hold cancelled meanwhile gets here.
      if (!confirmed) throw new YappyUndeliverable(`appointment hold ${order.contexto ?? '-'} lost before Yappy's payment`);
    },
    async released(tx, order) {
      if (order.contexto) await repo.cancel(tx, { id: order.contexto }, { cancelada_por: 'reserva_vencida', now: at() });
    },
    async afterPaid(order) {
      const row = order.contexto ? await repo.findById(order.contexto) : undefined;
      if (!row) return;
      changed(row.doctor_id);
      await notify.appointmentConfirmed({ patientId: row.patient_id }, appointmentData(row));
      await notify.staffNewAppointment({ staffId: row.doctor_id }, appointmentData(row));
    },
    async afterReleased(order) {
      const row = order.contexto ? await repo.findById(order.contexto) : undefined;
      if (!row) return;
      changed(row.doctor_id);
      await slotFreed(row.doctor_id, row.fecha, row.hora);
    },
    async describe(order) {
      const row = order.contexto ? await repo.findById(order.contexto) : undefined;
      return { consulta: null, numero: row?.numero ?? null };
    },
  };

  const api = {
    paymentEffects,
    yappyTarget,
    expireHolds,
    releaseLapsedCheckouts,

    // --- availability -------------------------------------------------------------------------

    /**
     * obtener_fechas_disponibles: the dates from today to the last bookable one on which the doctor
     * has no free hour (whole-day blocks, days off in their weekly hours, days fully blocked or
     * booked, today once its hours are past), so the picker never offers a day with nothing in it.
     */
    async blockedDates(doctorId: string) {
      const now = deps.now();
      const from = panamaToday(now);
      const to = lastBookableDate(now);
      const plan = await shownPlan(doctorId, from, to);
      const out: string[] = [];
      for (let fecha = from; fecha <= to; fecha = addDays(fecha, 1)) {
        if (freeHours(fecha, slotContext(plan, fecha, now)).length === 0) out.push(fecha);
      }
      return out;
    },

    /** obtener_horas_disponibles: the doctor's free hours on the date. */
    async freeHours(doctorId: string, fecha: string) {
      if (!isCalendarDate(fecha)) throw badRequest(messages.invalidDate, { fecha: messages.invalidDate });
      const now = deps.now();
      // Nothing to read for a date that has no hours anyway.
      if (freeHours(fecha, { now, blocked: false, held: new Set() }).length === 0) return [];
      return freeHours(fecha, slotContext(await shownPlan(doctorId, fecha, fecha), fecha, now));
    },

    /** Today's free-hours path, for bench/appointments.ts only (measured against the new one in the same run). */
    async freeHoursBaseline(doctorId: string, fecha: string) {
      if (!isCalendarDate(fecha)) throw badRequest(messages.invalidDate, { fecha: messages.invalidDate });
      const now = at();
      if (freeHours(fecha, { now: now.getTime(), blocked: false, held: new Set() }).length === 0) return [];
      return freeHours(fecha, { now: now.getTime(), ...(await repo.availabilityBaseline(deps.db, doctorId, fecha, now)) });
    },

    // --- booking ------------------------------------------------------------------------------

    /**
     * PayPal step 1: every check a booking needs, then the slot is held for the checkout
     * (PAYPAL_HOLD_MINUTES) and the order created for the server's price; the hold is the
     * order's context. Nobody else can take the hour while the patient pays.
     */
    async createPaypalOrder(patientId: string, input: AppointmentPaypalOrder) {
      await assertDoctor(input.servicio, input.id_doctor);
      payments.assertAmount(input.monto, input.servicio);
      await assertSlotFree(deps.db, { doctorId: input.id_doctor, fecha: input.fecha, hora: input.hora, patientId });
      // Counted here to refuse early, and again under the patient's lock when the hold is written.
      await assertHoldQuota(deps.db, patientId, input.id_doctor, input.fecha);
      return holdWhilePaying(patientId, input, new Date(deps.now() + HOLD_MS), (hold) =>
        payments.createPaypalOrder({ patientId, proposito: 'cita', servicio: input.servicio, monto: input.monto, contexto: hold.id }),
      );
    },

    /**
     * Yappy's button, step 1 (decision 0058): every check a booking needs, then the slot is held
     * for as long as the Yappy order lives and the order created for the server's price; the hold
     * is the order's context. Yappy's notification confirms it (yappyTarget), or releases it.
     */
    async startYappy(patientId: string, input: AppointmentYappyOrder) {
      await assertDoctor(input.servicio, input.id_doctor);
      await assertSlotFree(deps.db, { doctorId: input.id_doctor, fecha: input.fecha, hora: input.hora, patientId });
      await assertHoldQuota(deps.db, patientId, input.id_doctor, input.fecha);
      const expiraAt = payments.yappy.expiryFromNow();
      return holdWhilePaying(patientId, input, expiraAt, (hold) =>
        payments.yappy.start({ patientId, proposito: 'cita', servicio: input.servicio, contexto: hold.id, expiraAt }),
      );
    },

    /**
     * PayPal step 2 (pago_paypal.php): the order must be this patient's and hold this very
     * request. The hold is renewed before any money moves (refused if the hour was lost); then
     * the capture is verified and the appointment confirmed in the payment's transaction.
     */
    async capturePaypal(patientId: string, input: AppointmentPaypalCapture) {
      const order = await payments.orderFor(patientId, 'cita', input.orderID);
      const hold = order.contexto ? await repo.findById(order.contexto) : undefined;
      if (
        !hold ||
        hold.patient_id !== patientId ||
        order.servicio !== input.servicio ||
        hold.servicio !== input.servicio ||
        hold.doctor_id !== input.id_doctor ||
        hold.fecha !== input.fecha ||
        hold.hora !== input.hora
      ) {
        throw badRequest(messages.paypalPaymentFailed);
      }
      payments.assertAmount(input.monto, input.servicio);
      // The hold could not be renewed. A second capture of this order sent at once (a double tap) finds
      // it already turned into the appointment by the first, whose order is captured in the same
      // transaction: that is answered as every second use of an order is (orderFor's 409), not as an
      // hour lost to someone else (seen on PostgreSQL in session 16's full run).
      const holdLost = async (): Promise<never> => {
        await payments.orderFor(patientId, 'cita', input.orderID);
        throw new AppError(409, messages.appointmentHoldLost, { hora: messages.appointmentHoldLost });
      };
      let renewed;
      try {
        renewed = await repo.renewHold(hold.id, patientId, new Date(deps.now() + HOLD_MS), at());
      } catch (err) {
        if (isSlotConflict(err)) return holdLost();
        throw err;
      }
      if (!renewed) return holdLost();
      changed(renewed.doctor_id);

      const { result } = await payments.capturePaypalOrder(order, async (tx, payment) => {
        const confirmed = await repo.confirmHold(tx, hold.id, payment.id, at());
        // Renewed a moment ago for PAYPAL_HOLD_MINUTES: only a crash-long pause gets here.
        if (!confirmed) throw new Error(`appointment hold ${hold.id} lost during the PayPal capture`);
        return confirmed;
      });
      await notify.appointmentConfirmed({ patientId }, appointmentData(result));
      await notify.staffNewAppointment({ staffId: result.doctor_id }, appointmentData(result));
      return result;
    },

    /**
     * Transfer or Yappy (pago_yappy_y_tranferencia.php): the receipt stored, the payment pending,
     * the appointment holding its slot until an administrator decides.
     */
    async submitReceipt(patientId: string, input: AppointmentReceipt, file: { bytes: Buffer; filename: string; field: string }) {
      await assertDoctor(input.servicio, input.id_doctor);
      payments.assertAmount(input.monto, input.servicio);
      // The no-show policy (decision 0049): a receipt waits for review, which a patient who did not
      // come before may not leave the clinic holding a slot on.
      if (await mustPrepay(deps.db, patientId)) {
        throw new AppError(403, messages.appointmentPrepayRequired, { metodo_de_pago: messages.appointmentPrepayRequired });
      }
      // Checked before the file is stored; checked again, under the lock, when it is written.
      await assertSlotFree(deps.db, { doctorId: input.id_doctor, fecha: input.fecha, hora: input.hora, patientId });
      // Counted here to refuse before the file is stored, and again under the patient's lock.
      await assertHoldQuota(deps.db, patientId, input.id_doctor, input.fecha);
      // The receipt is checked and stored first (no transaction waits on a file); then the payment
      // and the appointment on its slot are written together, or neither and the file is dropped.
      const receipt = await payments.storeReceipt({ servicio: input.servicio, monto: input.monto, file });
      let booked: AppointmentRecord;
      try {
        booked = await inTransaction(deps.db, async (tx) => {
          const payment = await payments.insertReceiptPaymentIn(
            tx,
            { patientId, proposito: 'cita', servicio: input.servicio, metodo: input.metodo_de_pago },
            receipt,
          );
          return insertOnSlot(tx, {
            patient_id: patientId,
            doctor_id: input.id_doctor,
            servicio: input.servicio,
            fecha: input.fecha,
            hora: input.hora,
            mensaje: input.mensaje,
            estado: 'pendiente',
            payment_id: payment.id,
            // Held until approved, at most APPOINTMENT_HOLD_HOURS and never past the start (decision 0050).
            reservada_hasta: new Date(Math.min(deps.now() + holdHours * HOUR_MS, slotStart(input.fecha, input.hora).getTime())),
          });
        });
      } catch (err) {
        await payments.discardReceipt(receipt);
        if (isSlotConflict(err)) throw slotTaken();
        throw err;
      }
      changed(booked.doctor_id);
      await notify.appointmentRequested({ patientId }, appointmentData(booked));
      await notify.staffReceiptPending({ metodo: input.metodo_de_pago, proposito: 'cita' });
      await notify.staffNewAppointment({ staffId: booked.doctor_id }, appointmentData(booked));
      return booked;
    },

    // --- lists --------------------------------------------------------------------------------

    /**
     * One page of a list (docs/decisions/0022): `limit` rows and the cursor of the next page
     * (null on the last). The cursor keeps the instant the first page was read.
     */
    async list(filter: ListFilter, page: { cursor?: string; limit: number }) {
      const after = decodeAppointmentCursor(page.cursor);
      const ref = after?.ref ?? at().toISOString();
      const rows = await repo.list(filter, { ref, after, limit: page.limit + 1 });
      const items = rows.slice(0, page.limit);
      const last = items[items.length - 1];
      return {
        items: items.map((r) => ({ ...r, cancelable: isCancelable(r), reprogramable: isReschedulable(r) })),
        next_cursor: rows.length > page.limit && last ? encodeAppointmentCursor({ ref, at: last.cursor_at, id: last.id }) : null,
      };
    },

    /** One appointment; a patient's or a doctor's view finds only their own (anything else: 404). */
    async detail(token: string, filter: Pick<ListFilter, 'patientId' | 'doctorId'> = {}) {
      const row = await repo.detail(token, filter);
      if (!row) throw notFound();
      return { ...row, cancelable: isCancelable(row), reprogramable: isReschedulable(row), asistencia_marcable: isMarkable(row) };
    },

    /** Staff's view of a patient's record: how many of their appointments were marked no-show. */
    noShowCount(patientId: string) {
      return repo.noShowCount(deps.db, patientId);
    },

    /**
     * Browser tests only (the route exists only with TEST_ONLY_APPOINTMENT_BACKDATE, which
     * production refuses): moves the appointment to the latest clinic slot of its doctor that has
     * already started and is free, within the last 7 days, so a spec on real time can mark it.
     */
    async backdateForTests(token: string) {
      const now = deps.now();
      const today = panamaToday(now);
      for (let d = 0; d <= 7; d++) {
        const fecha = addDays(today, -d);
        for (const hora of slotsOn(fecha).reverse()) {
          const inicio = slotStart(fecha, hora);
          if (inicio.getTime() > now) continue;
          try {
            const moved = await repo.backdateForTests(token, { fecha, hora, inicio }, at());
            if (!moved) throw notFound();
            changed(moved.doctor_id);
            return { fecha: moved.fecha, hora: moved.hora };
          } catch (err) {
            if (!isSlotConflict(err)) throw err;
          }
        }
      }
      throw slotTaken();
    },

    /**
     * A patient's no-shows for staff, with the policy's threshold and whether it applies now
     * (session 10): the same count and rule as `mustPrepay`, read once.
     */
    async noShowStatus(patientId: string) {
      const inasistencias = await repo.noShowCount(deps.db, patientId);
      const limite = deps.rules.noShowPrepayAfter;
      return { inasistencias, limite, solo_pago_inmediato: limite > 0 && inasistencias >= limite };
    },

    /** What /citas says before the patient chooses how to pay (the no-show policy). */
    async bookingPolicy(patientId: string) {
      const prepay = await mustPrepay(deps.db, patientId);
      return { solo_pago_inmediato: prepay, message: prepay ? messages.appointmentPrepayRequired : null };
    },

    /**
     * Moves an appointment to another free hour of the same doctor and service (decision 0049),
     * keeping its payment and state. The patient only before the notice window; an administrator
     * until it starts. One UPDATE in a transaction: the slot rule is read under the doctor's
     * (shared) lock and the appointment's row lock, and the unique index refuses a taken slot, so
     * the patient holds exactly one slot at every moment.
     */
    async reschedule(token: string, to: { fecha: string; hora: string }, by: { patientId: string } | { staffId: string }) {
      const role = 'patientId' in by ? 'patient' : 'admin';
      const row = await repo.detail(token, 'patientId' in by ? { patientId: by.patientId } : {});
      if (!row) throw notFound();
      const early = rescheduleRefusal(row, role);
      if (early) throw early;
      if (row.fecha === to.fecha && row.hora === to.hora) throw badRequest(messages.appointmentRescheduleSameSlot, { hora: messages.appointmentRescheduleSameSlot });
      let moved: AppointmentRecord;
      try {
        moved = await inTransaction(deps.db, async (tx) => {
          await repo.lockDoctor(tx, row.doctor_id, 'share');
          const current = await repo.lockAppointment(tx, row.id);
          if (!current) throw notFound();
          // Read again under the lock: a cancellation or another move may have landed meanwhile.
          const late = rescheduleRefusal(current, role);
          if (late) throw late;
          if (current.fecha === to.fecha && current.hora === to.hora) throw badRequest(messages.appointmentRescheduleSameSlot, { hora: messages.appointmentRescheduleSameSlot });
          await assertSlotFree(tx, { doctorId: current.doctor_id, fecha: to.fecha, hora: to.hora, patientId: current.patient_id });
          const updated = await repo.moveSlot(tx, current.id, { fecha: to.fecha, hora: to.hora, inicio: slotStart(to.fecha, to.hora) }, at());
          if (!updated) throw new AppError(409, messages.appointmentRescheduleCancelled);
          return updated;
        });
      } catch (err) {
        if (isSlotConflict(err)) throw slotTaken();
        throw err;
      }
      changed(moved.doctor_id);
      // The hour it left is free now.
      await slotFreed(row.doctor_id, row.fecha, row.hora);
      await notify.appointmentRescheduled(
        { patientId: moved.patient_id },
        { staffId: moved.doctor_id },
        { ...appointmentData(moved), secuencia: moved.secuencia, before: row.inicio },
      );
      return moved;
    },

    /**
     * Attended or no-show (decision 0049): the doctor of the appointment (`doctorId`) or an
     * administrator, once its hour has started, on a confirmed appointment. A later mark corrects
     * an earlier one (who and when are kept of the last).
     */
    async markAttendance(token: string, asistencia: 'asistio' | 'no_asistio', by: { staffId: string; doctorId?: string }) {
      const row = await repo.detail(token, by.doctorId ? { doctorId: by.doctorId } : {});
      if (!row) throw notFound();
      if (row.estado === 'cancelada') throw new AppError(409, messages.appointmentAttendanceCancelled);
      if (row.estado !== 'confirmada') throw badRequest(messages.appointmentAttendanceNotConfirmed);
      if (row.inicio.getTime() > deps.now()) throw badRequest(messages.appointmentAttendanceTooEarly);
      const marked = await inTransaction(deps.db, async (tx) => {
        await repo.lockAppointment(tx, row.id);
        return repo.markAttendance(tx, row.id, asistencia, by.staffId, at());
      });
      // Cancelled between the read and the write.
      if (!marked) throw new AppError(409, messages.appointmentAttendanceCancelled);
      return marked;
    },

    // --- cancellation -------------------------------------------------------------------------

    /** The patient cancels their own active appointment more than 24 hours ahead; the slot is freed, the payment owed back. */
    async cancelByPatient(token: string, patientId: string) {
      const row = await repo.detail(token, { patientId });
      if (!row) throw notFound();
      if (row.estado === 'cancelada') throw new AppError(409, messages.appointmentAlreadyCancelled);
      if (!isCancelable(row)) throw badRequest(messages.appointmentCancelTooLate);
      const { cancelled, refund } = await cancelWithRefund(row.id, { cancelada_por: 'paciente' });
      if (!cancelled) throw new AppError(409, messages.appointmentAlreadyCancelled);
      await tellCancelled(cancelled, null, refund !== undefined);
      return cancelled;
    },

    /** An administrator cancels any active appointment (a rejected transfer, say), with the reason the patient reads. */
    async cancelByAdmin(token: string, staffId: string, motivo: string) {
      const row = await repo.detail(token, {});
      if (!row) throw notFound();
      // Attended or not, it happened: a record of it is not cancelled (decision 0049).
      if (row.asistencia !== null) throw badRequest(messages.appointmentCancelAfterAttendance);
      const { cancelled, refund } = await cancelWithRefund(row.id, { cancelada_por: 'administrador', staffId, motivo });
      if (!cancelled) throw new AppError(409, messages.appointmentAlreadyCancelled);
      await tellCancelled(cancelled, motivo, refund !== undefined);
      return cancelled;
    },

    // --- unavailable dates --------------------------------------------------------------------

    /** The doctor's unavailable dates, today and later, with how many appointments each still holds. */
    async doctorBlockedDates(doctorId: string, { checkDoctor = false }: { checkDoctor?: boolean } = {}) {
      if (checkDoctor && !(await repo.isDoctor(doctorId))) throw notFound();
      return repo.blockedWithCounts(doctorId, panamaToday(deps.now()), at());
    },

    /**
     * ingresar_fechas.php, the whole day or part of it (`range`). A block over held appointments
     * is written only once the doctor has seen them (`confirmar`); until then the answer lists them
     * with the warning. Confirmed, they stay as they are (decision 0048).
     */
    async blockDate(
      doctorId: string,
      fecha: string,
      range: { desde: string; hasta: string } | null,
      confirmar: boolean,
      /** An administrator names the doctor: a staff id that is not a doctor's is 404. */
      { checkDoctor = false }: { checkDoctor?: boolean } = {},
    ): Promise<BlockDateResult> {
      if (checkDoctor && !(await repo.isDoctor(doctorId))) throw notFound();
      if (fecha < panamaToday(deps.now())) throw badRequest(messages.blockDatePast, { date: messages.blockDatePast });
      const result = await inTransaction(deps.db, async (tx) => {
        // Exclusive: no booking lands on the date between the check and the block.
        await repo.lockDoctor(tx, doctorId, 'update');
        const held = (await repo.held(tx, doctorId, { on: fecha }, at())).filter((h) => !range || blockCovers(range, h.hora));
        const citas = held.map(heldAppointment);
        if (held.length > 0 && !confirmar) {
          return { success: true as const, bloqueada: false, message: range ? messages.blockHoursHasAppointments : messages.blockDateHasAppointments, citas };
        }
        const added = await repo.block(tx, doctorId, fecha, range, at());
        const message = range ? (added ? messages.hoursBlockedOk : messages.hoursAlreadyBlocked) : added ? messages.dateBlockedOk : messages.dateAlreadyBlocked;
        return { success: true as const, bloqueada: true, message, citas };
      });
      if (result.bloqueada) changed(doctorId);
      return result;
    },

    async unblockDate(doctorId: string, fecha: string, range: { desde: string; hasta: string } | null) {
      if (!(await repo.unblock(doctorId, fecha, range))) throw notFound();
      changed(doctorId);
      await hoursFreed(doctorId, fecha);
    },

    // --- weekly hours (issue 24) --------------------------------------------------------------

    /** The doctor's weekly hours; the clinic's when they set none (`predeterminado`). */
    async weeklyHours(doctorId: string) {
      if (!(await repo.isDoctor(doctorId))) throw notFound();
      const horario = await repo.weeklyHours(doctorId);
      return { horario: horario ?? clinicWeeklyHours(), predeterminado: horario === undefined };
    },

    /**
     * Sets the doctor's weekly hours (the doctor, or an administrator for any doctor: `by`). When
     * the new hours leave booked appointments outside, nothing is written until `confirmar`; the
     * answer lists them (N.º, patient, date, hour). Confirmed, the hours apply and those
     * appointments stay as they are (decision 0048). `horario` is already checked by weeklyHoursSchema.
     */
    async setWeeklyHours(doctorId: string, horario: WeeklyHours, confirmar: boolean, by: string): Promise<WeeklyHoursResult> {
      if (!(await repo.isDoctor(doctorId))) throw notFound();
      const result = await inTransaction(deps.db, async (tx) => {
        // Exclusive, like a block: no booking lands in an hour being removed between the check and the write.
        await repo.lockDoctor(tx, doctorId, 'update');
        const now = at();
        const held = await repo.held(tx, doctorId, { from: panamaToday(now.getTime()) }, now);
        const citas = held.filter((h) => h.inicio.getTime() > now.getTime() && outsideWeeklyHours(h.fecha, h.hora, horario)).map(heldAppointment);
        if (citas.length > 0 && !confirmar) {
          return { success: true as const, aplicado: false, message: messages.weeklyHoursHasAppointments, citas };
        }
        await repo.saveWeeklyHours(tx, doctorId, horario, by, now);
        return { success: true as const, aplicado: true, message: messages.weeklyHoursSaved, citas };
      });
      if (result.aplicado) {
        changed(doctorId);
        // Hours may have been added: the dates somebody waits for get offers of what is free now.
        await hoursFreed(doctorId);
      }
      return result;
    },
  };
  return {
    ...api,
    // A booking may name a waitlist offer (decision 0050): checked first, and a lost race said as the offer's.
    createPaypalOrder: (patientId: string, input: AppointmentPaypalOrder) => withOffer(patientId, input, () => api.createPaypalOrder(patientId, input)),
    startYappy: (patientId: string, input: AppointmentYappyOrder) => withOffer(patientId, input, () => api.startYappy(patientId, input)),
    submitReceipt: (patientId: string, input: AppointmentReceipt, file: { bytes: Buffer; filename: string; field: string }) =>
      withOffer(patientId, input, () => api.submitReceipt(patientId, input, file)),
    slotFreed,
    fullDates,
    /** The waitlist (decision 0050); undefined when the service was built without one. */
    waitlist,
  };
}
export type AppointmentsService = ReturnType<typeof appointmentsService>;

/** A held appointment as a warning lists it: N.º, date, hour, patient and state (no ids, no instant). */
const heldAppointment = (h: Awaited<ReturnType<AppointmentsRepository['held']>>[number]) => ({
  numero: h.numero,
  fecha: h.fecha,
  hora: h.hora,
  nombre: h.nombre,
  apellido: h.apellido,
  estado: h.estado,
});
