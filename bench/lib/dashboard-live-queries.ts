import { sql } from 'drizzle-orm';
import { CLINIC_TIME_ZONE, type PaymentMethod, type Service } from '@clinica/shared';
import type { Db } from '../../apps/server/src/db/client.js';
import { appointments, consultations, payments, refunds } from '../../apps/server/src/db/schema.js';

/**
 * The dashboard's range queries as they were before the daily roll-ups (decision 0057, "Session
 * 11"): each reads its live table between two instants and groups every row. No longer used by the
 * server; kept here so bench/dashboard.ts prints the old figures beside the new ones from the same
 * run and the same data, and checks both give the same numbers.
 */

/** An instant range [from, to). */
export interface Instants {
  from: Date;
  to: Date;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const panamaDay = (column: unknown) => sql`to_char((${column} AT TIME ZONE ${CLINIC_TIME_ZONE})::date, 'YYYY-MM-DD')`;

export interface ActivityRow {
  dia: string;
  servicio: Service;
  doctor_id: string;
  cantidad: number;
}
export interface AppointmentRow extends ActivityRow {
  marcadas: number;
  no_asistio: number;
}

export function liveDashboardQueries(db: Db) {
  return {
    /** Consultations requested in the range, by Panama day, service and doctor. */
    async consultations(range: Instants): Promise<ActivityRow[]> {
      const result = await db.execute(sql`
        SELECT ${panamaDay(consultations.fecha_registro)} AS dia, ${consultations.servicio} AS servicio,
               ${consultations.doctor_id} AS doctor_id, count(*) AS cantidad
        FROM ${consultations}
        WHERE ${consultations.fecha_registro} >= ${range.from.toISOString()}::timestamptz AND ${consultations.fecha_registro} < ${range.to.toISOString()}::timestamptz
        GROUP BY 1, 2, 3`);
      return rowsOf<ActivityRow>(result).map((r) => ({ ...r, cantidad: num(r.cantidad) }));
    },

    /**
     * Appointments held in the range (waiting for their receipt's review or confirmed; not the ones
     * cancelled nor PayPal checkouts still holding the slot), by day, service and doctor, with how
     * many of them were marked attended or not, and how many not.
     */
    async appointments(range: Instants): Promise<AppointmentRow[]> {
      const result = await db.execute(sql`
        SELECT to_char(${appointments.fecha}, 'YYYY-MM-DD') AS dia, ${appointments.servicio} AS servicio, ${appointments.doctor_id} AS doctor_id,
               count(*) AS cantidad,
               count(*) FILTER (WHERE ${appointments.asistencia} IS NOT NULL) AS marcadas,
               count(*) FILTER (WHERE ${appointments.asistencia} = 'no_asistio') AS no_asistio
        FROM ${appointments}
        WHERE ${appointments.inicio} >= ${range.from.toISOString()}::timestamptz AND ${appointments.inicio} < ${range.to.toISOString()}::timestamptz
          AND ${appointments.estado} IN ('pendiente', 'confirmada')
        GROUP BY 1, 2, 3`);
      return rowsOf<AppointmentRow>(result).map((r) => ({ ...r, cantidad: num(r.cantidad), marcadas: num(r.marcadas), no_asistio: num(r.no_asistio) }));
    },

    /** Approved payments made in the range (every purpose), by service and method. */
    async revenue(range: Instants) {
      const result = await db.execute(sql`
        SELECT ${payments.servicio} AS servicio, ${payments.metodo_de_pago} AS metodo, count(*) AS pagos, sum(${payments.monto_cents}) AS monto_cents
        FROM ${payments}
        WHERE ${payments.created_at} >= ${range.from.toISOString()}::timestamptz AND ${payments.created_at} < ${range.to.toISOString()}::timestamptz
          AND ${payments.estado} = 'aprobado'
        GROUP BY 1, 2`);
      return rowsOf<{ servicio: Service; metodo: PaymentMethod; pagos: unknown; monto_cents: unknown }>(result).map((r) => ({
        servicio: r.servicio,
        metodo: r.metodo,
        pagos: num(r.pagos),
        monto_cents: num(r.monto_cents),
      }));
    },

    /** Refunds completed in the range, by method. */
    async refundsDone(range: Instants) {
      const result = await db.execute(sql`
        SELECT ${refunds.metodo} AS metodo, count(*) AS cantidad, sum(${refunds.monto_cents}) AS monto_cents
        FROM ${refunds}
        WHERE ${refunds.estado} = 'completado'
          AND ${refunds.completado_at} >= ${range.from.toISOString()}::timestamptz AND ${refunds.completado_at} < ${range.to.toISOString()}::timestamptz
        GROUP BY 1`);
      return rowsOf<{ metodo: PaymentMethod; cantidad: unknown; monto_cents: unknown }>(result).map((r) => ({
        metodo: r.metodo,
        cantidad: num(r.cantidad),
        monto_cents: num(r.monto_cents),
      }));
    },

    /**
     * Consultations requested in the range whose chat is authorised: the median seconds from the
     * payment to its approval (PayPal: verified at capture; transfer and Yappy: the administrator's
     * classification), per method and overall (GROUPING SETS: a median is not a sum of medians). A
     * consultation is written in its payment's transaction, so the range is read on the
     * consultations' date index and each payment by its key.
     */
    async authorisation(range: Instants) {
      const result = await db.execute(sql`
        SELECT p.metodo_de_pago AS metodo, GROUPING(p.metodo_de_pago) AS total, count(*) AS consultas,
               percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM p.decidido_at - p.created_at)) AS mediana
        FROM ${consultations} c JOIN ${payments} p ON p.id = c.payment_id
        WHERE c.fecha_registro >= ${range.from.toISOString()}::timestamptz AND c.fecha_registro < ${range.to.toISOString()}::timestamptz
          AND c.permiso_chat AND p.estado = 'aprobado' AND p.decidido_at IS NOT NULL
        GROUP BY GROUPING SETS ((p.metodo_de_pago), ())`);
      return rowsOf<{ metodo: PaymentMethod | null; total: unknown; consultas: unknown; mediana: unknown }>(result).map((r) => ({
        metodo: num(r.total) === 1 ? null : r.metodo,
        consultas: num(r.consultas),
        medianS: numOrNull(r.mediana),
      }));
    },

  };
}

