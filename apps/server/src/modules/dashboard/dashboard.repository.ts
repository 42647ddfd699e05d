import { sql } from 'drizzle-orm';
import type { PaymentMethod, Service } from '@clinica/shared';
import type { Db } from '../../db/client.js';
import {
  dashboardAppointmentsDaily as appointmentsDaily,
  dashboardAuthorisationDaily as authorisationDaily,
  dashboardConsultationsDaily as consultationsDaily,
  dashboardRefundsDaily as refundsDaily,
  dashboardRevenueDaily as revenueDaily,
  payments,
  staff,
} from '../../db/schema.js';

/**
 * The dashboard's SQL (issue 26, item 4; decision 0057): aggregates only, no patient's row leaves
 * the database. The range's figures read the daily roll-ups (schema-dashboard.ts, kept by the
 * triggers of migration 0024_session11): at most 366 days' rows per figure, whatever the
 * number of consultations, appointments and payments. Only the "now" figures read a live table,
 * through partial indexes that hold just the rows they count.
 */

/** A range of Panama days, both included (yyyy-MM-dd). */
export interface Days {
  desde: string;
  hasta: string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const inDays = (column: unknown, range: Days) => sql`${column} BETWEEN ${range.desde}::date AND ${range.hasta}::date`;
const day = (column: unknown) => sql`to_char(${column}, 'YYYY-MM-DD')`;

/** Activity of the range: per day and service, and per doctor (one scan, GROUPING SETS). */
export interface Activity {
  byDay: { dia: string; servicio: Service; cantidad: number }[];
  byDoctor: { doctor_id: string; cantidad: number }[];
}
/** One bucket of the authorisation waits' histogram (see dashboard_wait_bucket in the migration). */
export interface WaitBucket {
  metodo: PaymentMethod;
  cubeta: number;
  consultas: number;
  espera_ms: number;
}

function activityOf(rows: { dia: string | null; servicio: Service | null; doctor_id: string | null; cantidad: unknown }[]): Activity {
  const activity: Activity = { byDay: [], byDoctor: [] };
  for (const r of rows) {
    if (r.doctor_id !== null) activity.byDoctor.push({ doctor_id: r.doctor_id, cantidad: num(r.cantidad) });
    else activity.byDay.push({ dia: r.dia!, servicio: r.servicio!, cantidad: num(r.cantidad) });
  }
  return activity;
}

export function dashboardRepository(db: Db) {
  return {
    /** Consultations requested in the range (their Panama day), by day and service, and by doctor. */
    async consultations(range: Days): Promise<Activity> {
      const c = consultationsDaily;
      const result = await db.execute(sql`
        SELECT ${day(c.dia)} AS dia, ${c.servicio} AS servicio, ${c.doctor_id} AS doctor_id, sum(${c.consultas}) AS cantidad
        FROM ${c} WHERE ${inDays(c.dia, range)} AND ${c.consultas} > 0
        GROUP BY GROUPING SETS ((${c.dia}, ${c.servicio}), (${c.doctor_id}))`);
      return activityOf(rowsOf(result));
    },

    /**
     * Appointments held in the range (waiting for their receipt's review or confirmed), by day and
     * service, and by doctor, with how many were marked attended or not, and how many not.
     */
    async appointments(range: Days): Promise<Activity & { marcadas: number; no_asistio: number }> {
      const a = appointmentsDaily;
      const result = await db.execute(sql`
        SELECT ${day(a.dia)} AS dia, ${a.servicio} AS servicio, ${a.doctor_id} AS doctor_id, sum(${a.citas}) AS cantidad,
               sum(${a.marcadas}) AS marcadas, sum(${a.no_asistio}) AS no_asistio
        FROM ${a} WHERE ${inDays(a.dia, range)} AND ${a.citas} > 0
        GROUP BY GROUPING SETS ((${a.dia}, ${a.servicio}), (${a.doctor_id}))`);
      const rows = rowsOf<{ dia: string | null; servicio: Service | null; doctor_id: string | null; cantidad: unknown; marcadas: unknown; no_asistio: unknown }>(result);
      // Every appointment is in exactly one doctor's row: their sums are the range's totals.
      const doctors = rows.filter((r) => r.doctor_id !== null);
      return {
        ...activityOf(rows),
        marcadas: doctors.reduce((s, r) => s + num(r.marcadas), 0),
        no_asistio: doctors.reduce((s, r) => s + num(r.no_asistio), 0),
      };
    },

    /** Approved payments made in the range (every purpose), by service and method. */
    async revenue(range: Days) {
      const r = revenueDaily;
      const result = await db.execute(sql`
        SELECT ${r.servicio} AS servicio, ${r.metodo} AS metodo, sum(${r.pagos}) AS pagos, sum(${r.monto_cents}) AS monto_cents
        FROM ${r} WHERE ${inDays(r.dia, range)} AND ${r.pagos} > 0
        GROUP BY 1, 2`);
      return rowsOf<{ servicio: Service; metodo: PaymentMethod; pagos: unknown; monto_cents: unknown }>(result).map((x) => ({
        servicio: x.servicio,
        metodo: x.metodo,
        pagos: num(x.pagos),
        monto_cents: num(x.monto_cents),
      }));
    },

    /** Refunds completed in the range, by method. */
    async refundsDone(range: Days) {
      const r = refundsDaily;
      const result = await db.execute(sql`
        SELECT ${r.metodo} AS metodo, sum(${r.reembolsos}) AS cantidad, sum(${r.monto_cents}) AS monto_cents
        FROM ${r} WHERE ${inDays(r.dia, range)} AND ${r.reembolsos} > 0
        GROUP BY 1`);
      return rowsOf<{ metodo: PaymentMethod; cantidad: unknown; monto_cents: unknown }>(result).map((x) => ({
        metodo: x.metodo,
        cantidad: num(x.cantidad),
        monto_cents: num(x.monto_cents),
      }));
    },

    /**
     * The histogram of the waits from payment to chat authorisation of the consultations requested
     * in the range, per method and bucket, in bucket order (the service reads the medians from it).
     */
    async authorisationWaits(range: Days): Promise<WaitBucket[]> {
      const h = authorisationDaily;
      const result = await db.execute(sql`
        SELECT ${h.metodo} AS metodo, ${h.cubeta} AS cubeta, sum(${h.consultas}) AS consultas, sum(${h.espera_ms}) AS espera_ms
        FROM ${h} WHERE ${inDays(h.dia, range)} AND ${h.consultas} > 0
        GROUP BY 1, 2 ORDER BY 2, 1`);
      return rowsOf<{ metodo: PaymentMethod; cubeta: unknown; consultas: unknown; espera_ms: unknown }>(result).map((x) => ({
        metodo: x.metodo,
        cubeta: num(x.cubeta),
        consultas: num(x.consultas),
        espera_ms: num(x.espera_ms),
      }));
    },

    /**
     * Now, whatever the range: payments owed back and not yet refunded, and the transfer and Yappy
     * receipts waiting for a decision (a payment owed back is not approvable, so not waiting) with
     * their waits in seconds. Both read only their partial index's rows (migration 0023).
     */
    async waitingNow(now: Date) {
      const at = now.toISOString();
      const result = await db.execute(sql`
        SELECT o.owed, o.owed_cents, w.cantidad, w.maxima, w.mediana
        FROM (SELECT count(*) AS owed, sum(${payments.monto_cents}) AS owed_cents FROM ${payments} WHERE ${payments.reembolso_estado} = 'pendiente') o,
        (
          SELECT count(*) AS cantidad,
                 max(extract(epoch FROM ${at}::timestamptz - ${payments.created_at})) AS maxima,
                 percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM ${at}::timestamptz - ${payments.created_at})) AS mediana
          FROM ${payments}
          WHERE ${payments.estado} = 'pendiente' AND ${payments.reembolso_estado} IS NULL AND ${payments.metodo_de_pago} <> 'Paypal o Tarjeta'
        ) w`);
      const [row] = rowsOf<Record<string, unknown>>(result);
      return {
        owed: num(row?.owed),
        owedCents: num(row?.owed_cents),
        waiting: num(row?.cantidad),
        longestS: numOrNull(row?.maxima),
        medianS: numOrNull(row?.mediana),
      };
    },

    /** The doctors to list: the active ones, and any other named by the range's rows. */
    async doctors(ids: string[]) {
      const named = ids.length > 0 ? sql` OR ${staff.id} IN (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})` : sql``;
      const result = await db.execute(sql`
        SELECT ${staff.id} AS id, ${staff.nombre} AS nombre, ${staff.apellido} AS apellido FROM ${staff}
        WHERE ${staff.role} = 'doctor' AND (${staff.estado} = 'activo'${named})
        ORDER BY ${staff.apellido}, ${staff.nombre}, ${staff.id}`);
      return rowsOf<{ id: string; nombre: string; apellido: string }>(result);
    },
  };
}
export type DashboardRepository = ReturnType<typeof dashboardRepository>;
