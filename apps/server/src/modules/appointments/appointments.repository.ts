import { and, asc, desc, eq, gte, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CancelledBy, DateBlock, WeeklyHours } from '@clinica/shared';
import type { Db } from '../../db/client.js';
import { cursorText } from '../../infra/http/keyset.js';
import { nameOrReference } from '../../infra/http/name-search.js';
import type { AppointmentCursor } from './appointments.cursor.js';
import { appointmentReminders, appointments, doctorBlockedDates, doctorWeeklyHours, patients, payments, staff } from '../../db/schema.js';

export type AppointmentRecord = typeof appointments.$inferSelect;
export type NewAppointment = Omit<typeof appointments.$inferInsert, 'id' | 'updated_at'>;

const doctor = alias(staff, 'doctor');

/** An appointment holds its slot: waiting for review, confirmed, or in a PayPal checkout that has not lapsed. */
const holdsSlot = (now: Date) =>
  or(
    inArray(appointments.estado, ['pendiente', 'confirmada']),
    and(eq(appointments.estado, 'reservada'), sql`${appointments.reservada_hasta} > ${now.toISOString()}::timestamptz`),
  );

const rowColumns = {
  id: appointments.id,
  token: appointments.token,
  numero: appointments.numero,
  patient_id: appointments.patient_id,
  doctor_id: appointments.doctor_id,
  nombre: patients.nombre,
  apellido: patients.apellido,
  fecha: appointments.fecha,
  hora: appointments.hora,
  inicio: appointments.inicio,
  servicio: appointments.servicio,
  estado: appointments.estado,
  // While 'pendiente': the hold's deadline (decision 0050), shown to the patient.
  reservada_hasta: appointments.reservada_hasta,
  doctor_nombre: doctor.nombre,
  doctor_apellido: doctor.apellido,
  metodo_de_pago: payments.metodo_de_pago,
  estado_pago: payments.estado,
  // The reminder's one-tap answer (decision 0052).
  asistencia_confirmada_at: appointments.asistencia_confirmada_at,
  // The state in words (decision 0049): moves, attendance, how cancelled.
  secuencia: appointments.secuencia,
  reprogramada_at: appointments.reprogramada_at,
  asistencia: appointments.asistencia,
  cancelada_por: appointments.cancelada_por,
  motivo_cancelacion: appointments.motivo_cancelacion,
};

const detailColumns = {
  ...rowColumns,
  // Whether the payment is owed back or returned (decision 0035): a cancelled appointment's payment is not 'En revisión'.
  reembolso_estado: payments.reembolso_estado,
  correo: patients.correo,
  country_code: patients.country_code,
  celular: patients.celular,
  mensaje: appointments.mensaje,
  created_at: appointments.created_at,
  correo_doctor: doctor.correo,
  monto_cents: payments.monto_cents,
  motivo_rechazo: payments.motivo_rechazo,
};

/** What decides a doctor's free hours over dates: the weekly hours, the blocks and the held slots of each date. */
export interface DoctorPlan {
  /** Null: the doctor set none (the clinic's hours). */
  weekly: WeeklyHours | null;
  blocks: Map<string, DateBlock[]>;
  held: Map<string, Set<string>>;
}

/** A JSON column as the driver hands it (pg parses json; a text fallback costs nothing). */
const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

export interface ListFilter {
  patientId?: string;
  doctorId?: string;
  /** The start of the patient's first name, without regard to case or accents (the staff screens' search). */
  nombre?: string;
}

/** SQL of appointments and unavailable dates. */
export function appointmentsRepository(db: Db) {
  // A list row carries its start as PostgreSQL's exact text: the next page's cursor.
  const listRows = () =>
    db
      .select({ ...rowColumns, cursor_at: cursorText(appointments.inicio) })
      .from(appointments)
      .innerJoin(patients, eq(patients.id, appointments.patient_id))
      .innerJoin(doctor, eq(doctor.id, appointments.doctor_id))
      .leftJoin(payments, eq(payments.id, appointments.payment_id));

  const details = (exec: Db) =>
    exec
      .select(detailColumns)
      .from(appointments)
      .innerJoin(patients, eq(patients.id, appointments.patient_id))
      .innerJoin(doctor, eq(doctor.id, appointments.doctor_id))
      .leftJoin(payments, eq(payments.id, appointments.payment_id));

  const ownership = (filter: Pick<ListFilter, 'patientId' | 'doctorId'>) => {
    const conditions: SQL[] = [];
    if (filter.patientId) conditions.push(eq(appointments.patient_id, filter.patientId));
    if (filter.doctorId) conditions.push(eq(appointments.doctor_id, filter.doctorId));
    return conditions;
  };

  return {
    // --- availability -------------------------------------------------------------------------

    /** The doctor's unavailable dates from `from` on, ascending. */
    async blockedDates(doctorId: string, from: string) {
      const found = await db
        .select({ fecha: doctorBlockedDates.fecha })
        .from(doctorBlockedDates)
        .where(and(eq(doctorBlockedDates.doctor_id, doctorId), gte(doctorBlockedDates.fecha, from), isNull(doctorBlockedDates.desde)))
        .orderBy(asc(doctorBlockedDates.fecha));
      return found.map((r) => r.fecha);
    },

    /**
     * The doctor's weekly hours, the blocks and the held slots of the dates `from`..`to`, in one
     * round trip (the free hours, the picker's dates and every booking read it; the indexes on
     * (doctor_id, fecha) serve both lists). With `exceptHoldsOf`, that patient's own PayPal
     * checkouts do not count (booking again replaces them).
     */
    async plan(exec: Db, doctorId: string, from: string, to: string, now: Date, exceptHoldsOf?: string): Promise<DoctorPlan> {
      const own = exceptHoldsOf
        ? sql`AND NOT (${appointments.estado} = 'reservada' AND ${appointments.patient_id} = ${exceptHoldsOf})`
        : sql``;
      const result = await exec.execute(sql`
        SELECT (SELECT ${doctorWeeklyHours.horario} FROM ${doctorWeeklyHours} WHERE ${doctorWeeklyHours.doctor_id} = ${doctorId}) AS weekly,
               COALESCE((
                 SELECT json_agg(json_build_object('fecha', ${doctorBlockedDates.fecha}, 'desde', ${doctorBlockedDates.desde}, 'hasta', ${doctorBlockedDates.hasta}))
                 FROM ${doctorBlockedDates}
                 WHERE ${doctorBlockedDates.doctor_id} = ${doctorId} AND ${doctorBlockedDates.fecha} BETWEEN ${from} AND ${to}
               ), '[]') AS blocks,
               COALESCE((
                 SELECT json_agg(json_build_object('fecha', ${appointments.fecha}, 'hora', ${appointments.hora})) FROM ${appointments}
                 WHERE ${appointments.doctor_id} = ${doctorId} AND ${appointments.fecha} BETWEEN ${from} AND ${to} AND ${holdsSlot(now)} ${own}
               ), '[]') AS held`);
      const [row] = (result as { rows: { weekly: unknown; blocks: unknown; held: unknown }[] }).rows;
      const plan: DoctorPlan = { weekly: row?.weekly ? json<WeeklyHours>(row.weekly) : null, blocks: new Map(), held: new Map() };
      for (const b of json<{ fecha: string; desde: string | null; hasta: string | null }[]>(row?.blocks ?? '[]')) {
        const list = plan.blocks.get(b.fecha) ?? [];
        list.push({ desde: b.desde, hasta: b.hasta });
        plan.blocks.set(b.fecha, list);
      }
      for (const h of json<{ fecha: string; hora: string }[]>(row?.held ?? '[]')) {
        const set = plan.held.get(h.fecha) ?? new Set<string>();
        set.add(h.hora);
        plan.held.set(h.fecha, set);
      }
      return plan;
    },

    /**
     * Today's code path of the free-hours call (one query: the whole-day block and the held hours),
     * kept for bench/appointments.ts only: the new path is measured against it in the same run.
     */
    async availabilityBaseline(exec: Db, doctorId: string, fecha: string, now: Date) {
      const result = await exec.execute(sql`
        SELECT EXISTS (
                 SELECT 1 FROM ${doctorBlockedDates}
                 WHERE ${doctorBlockedDates.doctor_id} = ${doctorId} AND ${doctorBlockedDates.fecha} = ${fecha}
               ) AS blocked,
               COALESCE((
                 SELECT array_agg(${appointments.hora}) FROM ${appointments}
                 WHERE ${appointments.doctor_id} = ${doctorId} AND ${appointments.fecha} = ${fecha} AND ${holdsSlot(now)}
               ), '{}') AS held`);
      const [row] = (result as { rows: { blocked: boolean; held: string[] }[] }).rows;
      return { blocked: row?.blocked === true, held: new Set(row?.held ?? []) };
    },

    /** True when the id is a doctor's account (an administrator sets the hours of doctors only). */
    async isDoctor(id: string) {
      const [row] = await db.select({ id: staff.id }).from(staff).where(and(eq(staff.id, id), eq(staff.role, 'doctor')));
      return row !== undefined;
    },

    /** The doctor's weekly hours, or undefined when they set none. */
    async weeklyHours(doctorId: string) {
      const [row] = await db.select({ horario: doctorWeeklyHours.horario }).from(doctorWeeklyHours).where(eq(doctorWeeklyHours.doctor_id, doctorId));
      return row?.horario;
    },

    async saveWeeklyHours(tx: Db, doctorId: string, horario: WeeklyHours, by: string, now: Date) {
      await tx
        .insert(doctorWeeklyHours)
        .values({ doctor_id: doctorId, horario, updated_by: by, updated_at: now })
        .onConflictDoUpdate({ target: doctorWeeklyHours.doctor_id, set: { horario, updated_by: by, updated_at: now } });
    },

    /**
     * The doctor's appointments holding a slot on one date (`{ on }`: a block's warning) or from a date
     * on (`{ from }`: a change of weekly hours), in time order, with the patient's name.
     */
    async held(exec: Db, doctorId: string, dates: { on: string } | { from: string }, now: Date) {
      return exec
        .select({
          numero: appointments.numero,
          fecha: appointments.fecha,
          hora: appointments.hora,
          inicio: appointments.inicio,
          nombre: patients.nombre,
          apellido: patients.apellido,
          estado: appointments.estado,
        })
        .from(appointments)
        .innerJoin(patients, eq(patients.id, appointments.patient_id))
        .where(
          and(
            eq(appointments.doctor_id, doctorId),
            'on' in dates ? eq(appointments.fecha, dates.on) : gte(appointments.fecha, dates.from),
            holdsSlot(now),
          ),
        )
        .orderBy(asc(appointments.inicio));
    },

    /**
     * The patient's appointments that hold a slot without being approved (a receipt waiting, a
     * PayPal checkout under way): with this doctor on this date, and in all (the quotas, decision 0030).
     */
    async heldByPatient(exec: Db, patientId: string, doctorId: string, fecha: string, now: Date) {
      const unapproved = or(
        eq(appointments.estado, 'pendiente'),
        and(eq(appointments.estado, 'reservada'), sql`${appointments.reservada_hasta} > ${now.toISOString()}::timestamptz`),
      );
      const [row] = await exec
        .select({
          total: sql<number>`count(*)::int`,
          sameDay: sql<number>`(count(*) FILTER (WHERE ${appointments.doctor_id} = ${doctorId} AND ${appointments.fecha} = ${fecha}))::int`,
        })
        .from(appointments)
        .where(and(eq(appointments.patient_id, patientId), unapproved));
      return { total: row?.total ?? 0, sameDay: row?.sameDay ?? 0 };
    },

    /**
     * Locks the doctor's row: bookings take it shared (they run side by side), blocking a date
     * takes it exclusively, so no booking slips onto a date while it is being blocked.
     */
    /**
     * Locks the patient's row for the booking's transaction: two requests of one patient sent at the
     * same instant count their held appointments one after the other (the quota), not side by side.
     * NO KEY UPDATE, not UPDATE: the booking's payment row already holds the key-share lock its
     * foreign key takes on the patient, and two bookings upgrading to UPDATE would deadlock.
     */
    async lockPatient(tx: Db, patientId: string) {
      await tx.select({ id: patients.id }).from(patients).where(eq(patients.id, patientId)).for('no key update');
    },

    async lockDoctor(tx: Db, doctorId: string, mode: 'share' | 'update') {
      const [row] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.id, doctorId)).for(mode);
      return row !== undefined;
    },

    /**
     * Frees the slot from PayPal holds that no longer count: lapsed ones, and the patient's own
     * earlier checkout (a patient holds one checkout at a time, and may retry the same hour).
     */
    async releaseHolds(tx: Db, input: { patientId: string; doctorId: string; fecha: string; hora: string; now: Date }) {
      const lapsedOnSlot = and(
        eq(appointments.doctor_id, input.doctorId),
        eq(appointments.fecha, input.fecha),
        eq(appointments.hora, input.hora),
        sql`${appointments.reservada_hasta} <= ${input.now.toISOString()}::timestamptz`,
      );
      await tx
        .update(appointments)
        .set({ estado: 'cancelada', cancelada_por: 'reserva_vencida', cancelada_at: input.now, updated_at: input.now, secuencia: sql`${appointments.secuencia} + 1` })
        .where(and(eq(appointments.estado, 'reservada'), or(lapsedOnSlot, eq(appointments.patient_id, input.patientId))));
    },

    /**
     * Every PayPal checkout hold that lapsed, released now rather than at the next booking of its
     * hour (what `releaseHolds` does for one slot), so the waitlist hears of the freed hour
     * (decision 0050, session 10). The same change releaseHolds makes: `renewHold` can still take
     * it back for a capture that comes late, if nobody took the hour. One conditional UPDATE: of
     * several instances sweeping at once, only one gets each row back.
     */
    async releaseLapsedCheckouts(now: Date) {
      return db
        .update(appointments)
        .set({ estado: 'cancelada', cancelada_por: 'reserva_vencida', cancelada_at: now, updated_at: now, secuencia: sql`${appointments.secuencia} + 1` })
        .where(and(eq(appointments.estado, 'reservada'), sql`${appointments.reservada_hasta} <= ${now.toISOString()}::timestamptz`))
        .returning({ doctor_id: appointments.doctor_id, fecha: appointments.fecha, hora: appointments.hora });
    },

    async insert(exec: Db, row: NewAppointment) {
      const [inserted] = await exec.insert(appointments).values(row).returning();
      return inserted!;
    },

    async findById(id: string) {
      const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
      return row;
    },

    async findByPayment(paymentId: string) {
      const [row] = await db.select().from(appointments).where(eq(appointments.payment_id, paymentId));
      return row;
    },

    /**
     * Keeps the patient's PayPal hold for `until` before the capture: a hold that lapsed is taken
     * back if nobody took the hour meanwhile (a unique violation says somebody did).
     */
    async renewHold(id: string, patientId: string, until: Date, now: Date) {
      const [row] = await db
        .update(appointments)
        .set({ estado: 'reservada', reservada_hasta: until, cancelada_por: null, cancelada_at: null, updated_at: now })
        .where(
          and(
            eq(appointments.id, id),
            eq(appointments.patient_id, patientId),
            or(eq(appointments.estado, 'reservada'), and(eq(appointments.estado, 'cancelada'), eq(appointments.cancelada_por, 'reserva_vencida'))),
          ),
        )
        .returning();
      return row;
    },

    /** The PayPal capture was verified: the hold becomes a confirmed appointment paid by `paymentId`. */
    async confirmHold(tx: Db, id: string, paymentId: string, now: Date) {
      const [row] = await tx
        .update(appointments)
        .set({ estado: 'confirmada', payment_id: paymentId, reservada_hasta: null, updated_at: now })
        .where(and(eq(appointments.id, id), eq(appointments.estado, 'reservada')))
        .returning();
      return row;
    },

    /** An administrator approved the receipt: pendiente -> confirmada. */
    async confirmByPayment(tx: Db, paymentId: string, now: Date) {
      const [row] = await tx
        .update(appointments)
        .set({ estado: 'confirmada', updated_at: now })
        .where(and(eq(appointments.payment_id, paymentId), eq(appointments.estado, 'pendiente')))
        .returning();
      return row;
    },

    /** Cancels an active appointment (frees its slot); returns it only when this call cancelled it. */
    async cancel(
      exec: Db,
      where: { id: string } | { paymentId: string },
      by: { cancelada_por: CancelledBy; staffId?: string | null; motivo?: string | null; now: Date },
    ) {
      const target = 'id' in where ? eq(appointments.id, where.id) : eq(appointments.payment_id, where.paymentId);
      const [row] = await exec
        .update(appointments)
        .set({
          estado: 'cancelada',
          cancelada_por: by.cancelada_por,
          cancelada_por_staff: by.staffId ?? null,
          motivo_cancelacion: by.motivo ?? null,
          cancelada_at: by.now,
          updated_at: by.now,
          // A cancellation is a new version of the patient's calendar event (decision 0051).
          secuencia: sql`${appointments.secuencia} + 1`,
        })
        // A marked appointment is never cancelled (the check constraint appointments_attendance_active).
        .where(and(target, ne(appointments.estado, 'cancelada'), isNull(appointments.asistencia)))
        .returning();
      return row;
    },

    // --- lists and details --------------------------------------------------------------------

    /**
     * One page of rows (PayPal checkouts in progress left out): upcoming first, soonest first; then
     * past ones, latest first; the id breaks ties. "Upcoming" is decided at `ref`, the instant the
     * first page was read, so that the pages of one reading neither repeat nor skip a row.
     */
    async list(filter: ListFilter, page: { ref: string; after?: AppointmentCursor | undefined; limit: number }) {
      const conditions = [ne(appointments.estado, 'reservada'), ...ownership(filter)];
      if (filter.nombre) conditions.push(nameOrReference(patients.nombre, appointments.numero, filter.nombre));
      const ref = sql`${page.ref}::timestamptz`;
      const upcoming = sql`${appointments.inicio} >= ${ref}`;
      const after = page.after;
      if (after) {
        const at = sql`${after.at}::timestamptz`;
        const key = sql`(${appointments.inicio}, ${appointments.id})`;
        const last = sql`(${at}, ${after.id}::uuid)`;
        conditions.push(
          sql`((${at} >= ${ref} AND ((${upcoming} AND ${key} > ${last}) OR ${appointments.inicio} < ${ref}))
            OR (${at} < ${ref} AND ${appointments.inicio} < ${ref} AND ${key} < ${last}))`,
        );
      }
      return listRows()
        .where(and(...conditions))
        .orderBy(
          sql`(${appointments.inicio} < ${ref})`,
          sql`CASE WHEN ${upcoming} THEN ${appointments.inicio} END ASC`,
          sql`CASE WHEN ${upcoming} THEN ${appointments.id} END ASC`,
          desc(appointments.inicio),
          desc(appointments.id),
        )
        .limit(page.limit);
    },

    /** One appointment by token, only if it is the patient's or the doctor's when they are given. */
    async detail(token: string, filter: Pick<ListFilter, 'patientId' | 'doctorId'>) {
      const [row] = await details(db).where(and(eq(appointments.token, token), ne(appointments.estado, 'reservada'), ...ownership(filter)));
      return row;
    },

    // --- unavailable dates --------------------------------------------------------------------

    /** Blocks the date, or part of it (`range`); false when that very block existed already. */
    async block(tx: Db, doctorId: string, fecha: string, range: { desde: string; hasta: string } | null, now: Date) {
      const inserted = await tx
        .insert(doctorBlockedDates)
        .values({ doctor_id: doctorId, fecha, desde: range?.desde ?? null, hasta: range?.hasta ?? null, created_at: now })
        .onConflictDoNothing()
        .returning({ id: doctorBlockedDates.id });
      return inserted.length > 0;
    },

    /** Lifts the whole-day block of the date, or the block of that range; false when there was none. */
    async unblock(doctorId: string, fecha: string, range: { desde: string; hasta: string } | null) {
      const which = range
        ? and(eq(doctorBlockedDates.desde, range.desde), eq(doctorBlockedDates.hasta, range.hasta))
        : isNull(doctorBlockedDates.desde);
      const deleted = await db
        .delete(doctorBlockedDates)
        .where(and(eq(doctorBlockedDates.doctor_id, doctorId), eq(doctorBlockedDates.fecha, fecha), which))
        .returning({ id: doctorBlockedDates.id });
      return deleted.length > 0;
    },

    /** The doctor's blocks from `from` on (whole days and ranges), each with how many appointments it still holds. */
    async blockedWithCounts(doctorId: string, from: string, now: Date) {
      const b = doctorBlockedDates;
      const held = sql`(
        SELECT count(*)::int FROM ${appointments}
        WHERE ${appointments.doctor_id} = ${b.doctor_id} AND ${appointments.fecha} = ${b.fecha} AND ${holdsSlot(now)}
          AND (${b.desde} IS NULL OR (${appointments.hora} >= ${b.desde} AND ${appointments.hora} < ${b.hasta})))`;
      return db
        .select({ fecha: b.fecha, desde: b.desde, hasta: b.hasta, citas: sql<number>`${held}` })
        .from(b)
        .where(and(eq(b.doctor_id, doctorId), gte(b.fecha, from)))
        .orderBy(asc(b.fecha), sql`${b.desde} NULLS FIRST`);
    },

    // --- reschedule and attendance (issue 24, decision 0049) ------------------------------------

    /** The appointment's row locked for a change (reschedule, attendance): two moves of one appointment run one after the other. */
    async lockAppointment(tx: Db, id: string) {
      const [row] = await tx.select().from(appointments).where(eq(appointments.id, id)).for('update');
      return row;
    },

    /**
     * Moves the appointment to another slot in one UPDATE: the partial unique index refuses a
     * taken slot, so the patient holds the old slot until the very statement that takes the new one.
     */
    async moveSlot(tx: Db, id: string, slot: { fecha: string; hora: string; inicio: Date }, now: Date) {
      const [row] = await tx
        .update(appointments)
        // The patient's answer to a reminder was about the old hour: it is asked again for the new one.
        .set({ fecha: slot.fecha, hora: slot.hora, inicio: slot.inicio, secuencia: sql`${appointments.secuencia} + 1`, reprogramada_at: now, updated_at: now, asistencia_confirmada_at: null })
        .where(and(eq(appointments.id, id), inArray(appointments.estado, ['pendiente', 'confirmada']), isNull(appointments.asistencia)))
        .returning();
      // The reminders sent for the old hour no longer count (decision 0052's sweep claims one per
      // appointment and lead time): the new hour gets its own, and the old confirm links stop working.
      if (row) await tx.delete(appointmentReminders).where(eq(appointmentReminders.appointment_id, id));
      return row;
    },

    /** Records attended / no-show on a confirmed appointment (the check constraint refuses any other). */
    async markAttendance(tx: Db, id: string, asistencia: 'asistio' | 'no_asistio', staffId: string, now: Date) {
      const [row] = await tx
        .update(appointments)
        .set({ asistencia, asistencia_por: staffId, asistencia_at: now, updated_at: now })
        .where(and(eq(appointments.id, id), eq(appointments.estado, 'confirmada')))
        .returning();
      return row;
    },

    /**
     * Browser tests only (TEST_ONLY_APPOINTMENT_BACKDATE, decision 0049 session 10): puts an active
     * appointment on a slot that has already started. The unique slot index still refuses a taken one.
     */
    async backdateForTests(token: string, slot: { fecha: string; hora: string; inicio: Date }, now: Date) {
      const [row] = await db
        .update(appointments)
        .set({ fecha: slot.fecha, hora: slot.hora, inicio: slot.inicio, updated_at: now })
        .where(and(eq(appointments.token, token), ne(appointments.estado, 'cancelada')))
        .returning({ token: appointments.token, fecha: appointments.fecha, hora: appointments.hora, doctor_id: appointments.doctor_id });
      return row;
    },

    /** How many of the patient's appointments were marked no-show. */
    async noShowCount(exec: Db, patientId: string) {
      const [row] = await exec
        .select({ n: sql<number>`count(*)::int` })
        .from(appointments)
        .where(and(eq(appointments.patient_id, patientId), eq(appointments.asistencia, 'no_asistio')));
      return row?.n ?? 0;
    },

    /** Bench and tests: how many active appointments a slot has. */
    async activeOnSlot(doctorId: string, fecha: string, hora: string) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(appointments)
        .where(and(eq(appointments.doctor_id, doctorId), eq(appointments.fecha, fecha), eq(appointments.hora, hora), ne(appointments.estado, 'cancelada')));
      return row?.n ?? 0;
    },

    // --- holds that expire (issue 24 item 3, decision 0050) ----------------------------------

    /**
     * Transfer/Yappy bookings still waiting for review whose hold has lapsed at `now`. The
     * deadline is `reservada_hasta`, written at booking; rows booked before it existed fall back to
     * the booking plus `holdHours`, never past the start.
     */
    async lapsedPending(now: Date, holdHours: number, limit = 100) {
      return db
        .select({ id: appointments.id, payment_id: appointments.payment_id })
        .from(appointments)
        .where(and(eq(appointments.estado, 'pendiente'), lapsed(now, holdHours)))
        .orderBy(asc(appointments.created_at))
        .limit(limit);
    },

    /**
     * pendiente -> cancelada ('reserva_vencida') when its hold has lapsed, once: of several
     * instances sweeping at the same moment only one gets the row back (and sends the mail).
     */
    async expireHold(tx: Db, id: string, now: Date, holdHours: number, motivo: string) {
      const [row] = await tx
        .update(appointments)
        .set({ estado: 'cancelada', cancelada_por: 'reserva_vencida', motivo_cancelacion: motivo, cancelada_at: now, updated_at: now, secuencia: sql`${appointments.secuencia} + 1` })
        .where(and(eq(appointments.id, id), eq(appointments.estado, 'pendiente'), lapsed(now, holdHours)))
        .returning();
      return row;
    },
  };
}

/** The hold of a 'pendiente' appointment has lapsed at `now` (see lapsedPending). */
const lapsed = (now: Date, holdHours: number) =>
  sql`COALESCE(${appointments.reservada_hasta}, LEAST(${appointments.created_at} + make_interval(secs => ${holdHours * 3600}), ${appointments.inicio})) <= ${now.toISOString()}::timestamptz`;
export type AppointmentsRepository = ReturnType<typeof appointmentsRepository>;
