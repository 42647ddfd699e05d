import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { WeeklyHours } from '@clinica/shared';
import { patients, staff } from './schema-accounts.js';
import { payments } from './schema-payments.js';
import { encryptedText } from './field-crypto.js';

/**
 * In-person appointments and the doctors' unavailable dates (docs/spec/decisions.md, "In-person
 * appointments"). A slot is a doctor, a date and an hour ('HH:00', Panama time); the partial
 * unique index makes the database refuse a second active appointment on one slot, so of
 * simultaneous requests exactly one wins whatever the application does.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Random, unguessable; the lists and modals load an appointment by it. */
    token: text('token').notNull(),
    /**
     * The short reference a person reads and staff search by ("N.º 000123", decision 0045): a
     * sequence per record kind, filled for existing rows by the migration. Never a key to load by.
     */
    numero: integer('numero').notNull().generatedAlwaysAsIdentity(),
    patient_id: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    doctor_id: uuid('doctor_id')
      .notNull()
      .references(() => staff.id),
    servicio: text('servicio', { enum: ['consulta_general', 'psicologia', 'medicina_interna'] }).notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    /** Start of the one-hour slot, 'HH:00'. */
    hora: text('hora').notNull(),
    /** The same start as an instant (the .ics, the 24-hour rule, sorting). */
    inicio: timestamp('inicio', { withTimezone: true }).notNull(),
    /** The reason for the visit. */
    mensaje: encryptedText('mensaje').notNull(),
    /**
     * reservada: held while the patient pays with PayPal (until `reservada_hasta`); pendiente:
     * a transfer or Yappy receipt waits for review; confirmada: paid; cancelada: the slot is free.
     */
    estado: text('estado', { enum: ['reservada', 'pendiente', 'confirmada', 'cancelada'] }).notNull(),
    reservada_hasta: timestamp('reservada_hasta', { withTimezone: true }),
    /** The payment; null only while a PayPal checkout holds the slot. */
    payment_id: uuid('payment_id').references(() => payments.id),
    cancelada_por: text('cancelada_por', { enum: ['paciente', 'administrador', 'pago_rechazado', 'reserva_vencida'] }),
    cancelada_por_staff: uuid('cancelada_por_staff').references(() => staff.id),
    motivo_cancelacion: text('motivo_cancelacion'),
    cancelada_at: timestamp('cancelada_at', { withTimezone: true }),
    /**
     * When the patient confirmed attendance through the reminder's one-tap link (issue 24, item 7,
     * decision 0052); null until then. Staff and the patient see it beside the state.
     */
    asistencia_confirmada_at: timestamp('asistencia_confirmada_at', { withTimezone: true }),
    /**
     * The iCalendar SEQUENCE of the appointment's event (issue 24, decisions 0049 and 0051): raised by
     * every move of fecha/hora and by the cancellation, so the .ics that moves or cancels it replaces
     * the one sent before (RFC 5546: same UID, higher SEQUENCE).
     */
    secuencia: integer('secuencia').notNull().default(0),
    /** When the last move happened (decision 0049). */
    reprogramada_at: timestamp('reprogramada_at', { withTimezone: true }),
    /** Attended or not, marked after the hour started by the doctor or an administrator (decision 0049). */
    asistencia: text('asistencia', { enum: ['asistio', 'no_asistio'] }),
    asistencia_por: uuid('asistencia_por').references(() => staff.id),
    asistencia_at: timestamp('asistencia_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('appointments_token_key').on(t.token),
    uniqueIndex('appointments_payment_key').on(t.payment_id),
    // One active appointment per doctor, date and hour: the rule of docs/spec/decisions.md, kept by the database.
    uniqueIndex('appointments_active_slot_key').on(t.doctor_id, t.fecha, t.hora).where(sql`${t.estado} <> 'cancelada'`),
    index('appointments_patient_idx').on(t.patient_id, t.inicio),
    index('appointments_doctor_date_idx').on(t.doctor_id, t.fecha),
    index('appointments_inicio_idx').on(t.inicio),
    check('appointments_hora_slot', sql`${t.hora} ~ '^([01][0-9]|2[0-3]):00$'`),
    check('appointments_paid_or_held', sql`${t.payment_id} IS NOT NULL OR (${t.estado} IN ('reservada', 'cancelada') AND ${t.reservada_hasta} IS NOT NULL)`),
    check('appointments_held_until', sql`${t.estado} <> 'reservada' OR ${t.reservada_hasta} IS NOT NULL`),
    // A patient's no-shows are counted for the prepay policy (decision 0049).
    index('appointments_patient_no_show_idx').on(t.patient_id).where(sql`${t.asistencia} = 'no_asistio'`),
    // The hold-expiry sweep (decision 0050) reads the oldest waiting receipts: only 'pendiente' rows,
    // in booking order, so it reads the few waiting rows instead of the whole table (decision 0049, session 10).
    index('appointments_pending_created_idx').on(t.created_at).where(sql`${t.estado} = 'pendiente'`),
    check('appointments_attendance_active', sql`${t.asistencia} IS NULL OR ${t.estado} = 'confirmada'`),
    check('appointments_cancelled_by', sql`(${t.estado} = 'cancelada') = (${t.cancelada_por} IS NOT NULL)`),
  ],
);

/**
 * The dates a doctor does not see patients (obtener_fechas_disponibles, ingresar_fechas): a whole
 * day (`desde`, `hasta` null) or part of one (issue 24: 'HH:00' from, 'HH:00' up to, not included).
 */
export const doctorBlockedDates = pgTable(
  'doctor_blocked_dates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    doctor_id: uuid('doctor_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    desde: text('desde'),
    hasta: text('hasta'),
    created_at: createdAt(),
  },
  (t) => [
    // One whole-day block per date, and one block per exact range of it.
    uniqueIndex('doctor_blocked_dates_key').on(t.doctor_id, t.fecha).where(sql`${t.desde} IS NULL`),
    uniqueIndex('doctor_blocked_ranges_key').on(t.doctor_id, t.fecha, t.desde, t.hasta).where(sql`${t.desde} IS NOT NULL`),
    check('doctor_blocked_dates_range', sql`(${t.desde} IS NULL) = (${t.hasta} IS NULL) AND (${t.desde} IS NULL OR ${t.desde} < ${t.hasta})`),
    check('doctor_blocked_dates_grid', sql`${t.desde} IS NULL OR (${t.desde} ~ '^[0-2][0-9]:00$' AND ${t.hasta} ~ '^[0-2][0-9]:00$')`),
  ],
);

/**
 * Each doctor's weekly hours (issue 24, decision 0048): one row per doctor who set them, the week
 * as JSON checked by `weeklyHoursSchema` on every write. No row: the clinic's hours apply.
 */
export const doctorWeeklyHours = pgTable('doctor_weekly_hours', {
  doctor_id: uuid('doctor_id')
    .primaryKey()
    .references(() => staff.id, { onDelete: 'cascade' }),
  horario: jsonb('horario').$type<WeeklyHours>().notNull(),
  /** Who set them last: the doctor or an administrator. */
  updated_by: uuid('updated_by').references(() => staff.id, { onDelete: 'set null' }),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The reminders sent before a confirmed appointment (issue 24, item 7, decision 0052): one row per
 * appointment and lead time (24 h, 2 h), inserted by the sweep that sends it. The primary key is
 * the claim: of several instances sweeping at once, only the one whose INSERT lands sends the mail.
 * `token_hash` is the SHA-256 (base64url) of the mail's confirm-attendance link token: the link
 * confirms only this appointment, only until it starts, and nothing else reads this table.
 */
export const appointmentReminders = pgTable(
  'appointment_reminders',
  {
    appointment_id: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    /** The lead time this reminder is for, in hours before the start (APPOINTMENT_REMINDER_HOURS). */
    horas: integer('horas').notNull(),
    token_hash: text('token_hash').notNull(),
    sent_at: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.appointment_id, t.horas] }),
    uniqueIndex('appointment_reminders_token_key').on(t.token_hash),
  ],
);

/**
 * The waitlist (issue 24, item 5, docs/decisions/0050): a patient waits for an hour of one doctor
 * on one date that had none free. 'activa' until the patient books an hour of that doctor that
 * day ('reservo'), leaves it ('retirada'), or the day passes ('vencida'). The partial unique
 * index keeps one active entry per patient, doctor, service and date, whatever requests race.
 */
export const appointmentWaitlist = pgTable(
  'appointment_waitlist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patient_id: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    doctor_id: uuid('doctor_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    servicio: text('servicio', { enum: ['consulta_general', 'psicologia', 'medicina_interna'] }).notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    estado: text('estado', { enum: ['activa', 'reservo', 'retirada', 'vencida'] }).notNull().default('activa'),
    created_at: createdAt(),
    ended_at: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('appointment_waitlist_active_key')
      .on(t.patient_id, t.doctor_id, t.servicio, t.fecha)
      .where(sql`${t.estado} = 'activa'`),
    index('appointment_waitlist_doctor_date_idx').on(t.doctor_id, t.fecha).where(sql`${t.estado} = 'activa'`),
    index('appointment_waitlist_patient_idx').on(t.patient_id).where(sql`${t.estado} = 'activa'`),
    check('appointment_waitlist_ended', sql`(${t.estado} = 'activa') = (${t.ended_at} IS NULL)`),
  ],
);

/**
 * An hour offered to a waiting patient when it freed up (`slotFreed`): valid until `expira_at`
 * (APPOINTMENT_WAITLIST_OFFER_MINUTES, never past the hour's start). The offer reserves nothing:
 * the first patient to book the hour gets it (the appointments' slot index decides). The partial
 * unique index makes one open offer per entry and hour, so several instances freeing the same
 * hour at once mail each patient once. `token` is the mail link's: random, and usable only by the
 * signed-in patient the offer belongs to.
 */
export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entry_id: uuid('entry_id')
      .notNull()
      .references(() => appointmentWaitlist.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    hora: text('hora').notNull(),
    estado: text('estado', { enum: ['abierta', 'usada', 'vencida'] }).notNull().default('abierta'),
    expira_at: timestamp('expira_at', { withTimezone: true }).notNull(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('waitlist_offers_token_key').on(t.token),
    uniqueIndex('waitlist_offers_open_key').on(t.entry_id, t.hora).where(sql`${t.estado} = 'abierta'`),
    index('waitlist_offers_expiry_idx').on(t.expira_at).where(sql`${t.estado} = 'abierta'`),
    check('waitlist_offers_hora_slot', sql`${t.hora} ~ '^([01][0-9]|2[0-3]):00$'`),
  ],
);
