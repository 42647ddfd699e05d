import { z } from 'zod/mini';
import { messages } from '../messages.js';
import { SERVICES } from '../constants.js';
import { isCalendarDate } from '../appointment-slots.js';
import { PAYMENT_METHODS } from './payments.schema.js';
import { lazySchema } from './lazy-schema.js';

/**
 * The administrators' dashboard (/Estadisticas_Admin, issue 26 item 4, decision 0057): figures of
 * a range of Panama calendar days. One schema for the page's range form, the route's query and
 * the tests.
 */

/** The longest range the dashboard reads at once: a year (366 days, a leap year included). */
export const DASHBOARD_MAX_DAYS = 366;
/** The range when none is given: the last 30 days, today included. */
export const DASHBOARD_DEFAULT_DAYS = 30;

const day = lazySchema(() => z.string().check(z.refine(isCalendarDate, messages.invalidDate)));
const DAY_MS = 86_400_000;
/** Days from `desde` to `hasta`, both included (two valid 'yyyy-MM-dd'). */
export const daysInRange = (desde: string, hasta: string) => Math.round((Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / DAY_MS) + 1;

/** ?desde=yyyy-MM-dd&hasta=yyyy-MM-dd, both or neither (neither: the last 30 days). */
export const dashboardQuerySchema = lazySchema(() => z.object({ desde: z.optional(day), hasta: z.optional(day) }).check(
  z.superRefine((q, ctx) => {
    if ((q.desde === undefined) !== (q.hasta === undefined)) {
      ctx.addIssue({ code: 'custom', path: [q.desde === undefined ? 'desde' : 'hasta'], message: messages.dashboardRangeIncomplete });
      return;
    }
    if (q.desde === undefined || q.hasta === undefined || !isCalendarDate(q.desde) || !isCalendarDate(q.hasta)) return;
    const days = daysInRange(q.desde, q.hasta);
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['hasta'], message: messages.dashboardRangeReversed });
    else if (days > DASHBOARD_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['hasta'], message: messages.dashboardRangeTooLong });
  }),
));
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

const count = lazySchema(() => z.number().check(z.int(), z.nonnegative()));
const cents = lazySchema(() => z.number().check(z.int(), z.nonnegative()));
const byService = lazySchema(() => z.object({ consulta_general: count, psicologia: count, medicina_interna: count }));

/** One day or one week (its Monday): consultations requested and appointments held, by service. */
export const dashboardPeriodSchema = lazySchema(() => z.object({ inicio: z.string(), consultas: byService, citas: byService }));
export type DashboardPeriod = z.infer<typeof dashboardPeriodSchema>;

export const dashboardSchema = lazySchema(() => z.object({
  /** The range read (Panama calendar days, both included). */
  desde: z.string(),
  hasta: z.string(),
  /** Every day of the range (zeros included) and every week that touches it (Monday first). */
  actividad: z.object({ diaria: z.array(dashboardPeriodSchema), semanal: z.array(dashboardPeriodSchema) }),
  /** Approved payments made in the range, in USD cents. */
  ingresos: z.object({
    porServicio: z.array(z.object({ servicio: z.enum(SERVICES), pagos: count, monto_cents: cents })),
    porMetodo: z.array(z.object({ metodo: z.enum(PAYMENT_METHODS), pagos: count, monto_cents: cents })),
    total_cents: cents,
  }),
  /** Refunds completed in the range, and those owed now. */
  reembolsos: z.object({
    porMetodo: z.array(z.object({ metodo: z.enum(PAYMENT_METHODS), reembolsos: count, monto_cents: cents })),
    completados: count,
    completados_cents: cents,
    pendientes: count,
    pendientes_cents: cents,
  }),
  /** Transfer and Yappy receipts waiting for review now (whatever the range), their waits in seconds. */
  recibosPendientes: z.object({ cantidad: count, espera_maxima_s: z.nullable(z.number()), espera_mediana_s: z.nullable(z.number()) }),
  /** Consultations requested (and so paid) in the range whose chat was authorised: the median seconds from payment to authorisation. */
  autorizacion: z.object({
    consultas: count,
    mediana_s: z.nullable(z.number()),
    porMetodo: z.array(z.object({ metodo: z.enum(PAYMENT_METHODS), consultas: count, mediana_s: z.nullable(z.number()) })),
  }),
  /** Appointments of the range marked attended or not. */
  inasistencia: z.object({ marcadas: count, no_asistio: count, tasa: z.nullable(z.number()) }),
  /** Each doctor's consultations (requested in the range) and appointments (held in the range). */
  medicos: z.array(z.object({ id: z.string(), nombre: z.string(), consultas: count, citas: count })),
}));
export type Dashboard = z.infer<typeof dashboardSchema>;
