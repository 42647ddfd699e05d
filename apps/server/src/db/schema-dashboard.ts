import { bigint, date, integer, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';

/**
 * The administrators' dashboard's daily roll-ups (issue 26, item 4; decision 0057, "Session 11"):
 * the counted figures per Panama day, so a year's range reads at most 366 days' rows instead of
 * every consultation, appointment and payment. They are kept by database triggers (written in the
 * migration 0024_session11, in the same transaction as the row that changes them, whatever
 * code path writes it) and back-filled by that migration; no application code writes them. Doctor
 * ids carry no foreign key: a roll-up never blocks a staff change, and a row is only a count.
 */

const servicio = () => text('servicio').notNull();
const metodo = () => text('metodo').notNull();

/** Consultations requested (fecha_registro's Panama day), by service and doctor. */
export const dashboardConsultationsDaily = pgTable(
  'dashboard_consultations_daily',
  {
    dia: date('dia', { mode: 'string' }).notNull(),
    servicio: servicio(),
    doctor_id: uuid('doctor_id').notNull(),
    consultas: integer('consultas').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.dia, t.servicio, t.doctor_id] })],
);

/** Appointments held ('pendiente' or 'confirmada', on their `fecha`), by service and doctor, with the attendance marks. */
export const dashboardAppointmentsDaily = pgTable(
  'dashboard_appointments_daily',
  {
    dia: date('dia', { mode: 'string' }).notNull(),
    servicio: servicio(),
    doctor_id: uuid('doctor_id').notNull(),
    citas: integer('citas').notNull().default(0),
    marcadas: integer('marcadas').notNull().default(0),
    no_asistio: integer('no_asistio').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.dia, t.servicio, t.doctor_id] })],
);

/** Approved payments (created_at's Panama day), by service and method. */
export const dashboardRevenueDaily = pgTable(
  'dashboard_revenue_daily',
  {
    dia: date('dia', { mode: 'string' }).notNull(),
    servicio: servicio(),
    metodo: metodo(),
    pagos: integer('pagos').notNull().default(0),
    monto_cents: bigint('monto_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.dia, t.servicio, t.metodo] })],
);

/** Completed refunds (completado_at's Panama day), by method. */
export const dashboardRefundsDaily = pgTable(
  'dashboard_refunds_daily',
  {
    dia: date('dia', { mode: 'string' }).notNull(),
    metodo: metodo(),
    reembolsos: integer('reembolsos').notNull().default(0),
    monto_cents: bigint('monto_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.dia, t.metodo] })],
);

/**
 * Payment to chat authorisation: a histogram per consultation day (fecha_registro's Panama day)
 * and method of the waits (payment decidido_at - created_at) of consultations whose chat is
 * authorised. `cubeta` is dashboard_wait_bucket(seconds) (0: under a second; then buckets 5 %
 * wide); `espera_ms` sums the bucket's waits, so the median is read as its bucket's mean: exact
 * when that bucket holds equal waits, otherwise within the bucket's 5 % (decision 0057).
 */
export const dashboardAuthorisationDaily = pgTable(
  'dashboard_authorisation_daily',
  {
    dia: date('dia', { mode: 'string' }).notNull(),
    metodo: metodo(),
    cubeta: smallint('cubeta').notNull(),
    consultas: integer('consultas').notNull().default(0),
    espera_ms: bigint('espera_ms', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.dia, t.metodo, t.cubeta] })],
);
