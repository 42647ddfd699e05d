import {
  addDays,
  DASHBOARD_DEFAULT_DAYS,
  PAYMENT_METHODS,
  panamaToday,
  SERVICES,
  weekdayOf,
  type Dashboard,
  type DashboardPeriod,
  type DashboardQuery,
  type Service,
} from '@clinica/shared';
import type { DashboardRepository } from './dashboard.repository.js';
import { histogramMedian } from './dashboard.median.js';

const zeros = (): Record<Service, number> => ({ consulta_general: 0, psicologia: 0, medicina_interna: 0 });
/** The Monday of a date's week (weekdayOf: 0 Sunday ... 6 Saturday). */
const mondayOf = (fecha: string) => addDays(fecha, -((weekdayOf(fecha) + 6) % 7));

/**
 * The administrators' dashboard (issue 26, item 4; decision 0057): the range's figures, put
 * together from the repository's aggregates. Every day and week of the range is listed, zeros
 * included, so a chart's axis is the calendar, not the days that happened to have rows.
 */
export function dashboardService(deps: { repo: DashboardRepository; now: () => number }) {
  const { repo } = deps;

  /** The range asked for (validated by dashboardQuerySchema), or the last 30 days up to today. */
  function rangeOf(query: DashboardQuery) {
    if (query.desde && query.hasta) return { desde: query.desde, hasta: query.hasta };
    const hasta = panamaToday(deps.now());
    return { desde: addDays(hasta, -(DASHBOARD_DEFAULT_DAYS - 1)), hasta };
  }

  return {
    rangeOf,

    async figures(query: DashboardQuery): Promise<Dashboard> {
      const { desde, hasta } = rangeOf(query);
      const range = { desde, hasta };
      const [consultas, citas, revenue, refundsDone, now, waits] = await Promise.all([
        repo.consultations(range),
        repo.appointments(range),
        repo.revenue(range),
        repo.refundsDone(range),
        repo.waitingNow(new Date(deps.now())),
        repo.authorisationWaits(range),
      ]);

      // Days and weeks, every one of them.
      const days = new Map<string, DashboardPeriod>();
      const weeks = new Map<string, DashboardPeriod>();
      for (let d = desde; d <= hasta; d = addDays(d, 1)) {
        days.set(d, { inicio: d, consultas: zeros(), citas: zeros() });
        const monday = mondayOf(d);
        if (!weeks.has(monday)) weeks.set(monday, { inicio: monday, consultas: zeros(), citas: zeros() });
      }
      for (const r of consultas.byDay) {
        days.get(r.dia)!.consultas[r.servicio] += r.cantidad;
        weeks.get(mondayOf(r.dia))!.consultas[r.servicio] += r.cantidad;
      }
      for (const r of citas.byDay) {
        days.get(r.dia)!.citas[r.servicio] += r.cantidad;
        weeks.get(mondayOf(r.dia))!.citas[r.servicio] += r.cantidad;
      }
      const load = new Map<string, { consultas: number; citas: number }>();
      const loadOf = (id: string) => load.get(id) ?? load.set(id, { consultas: 0, citas: 0 }).get(id)!;
      for (const r of consultas.byDoctor) loadOf(r.doctor_id).consultas += r.cantidad;
      for (const r of citas.byDoctor) loadOf(r.doctor_id).citas += r.cantidad;
      const marcadas = citas.marcadas;
      const noAsistio = citas.no_asistio;
      // A median is not a sum of medians: each is read from the range's summed histogram.
      const authorisation = [
        { metodo: null, buckets: waits },
        ...PAYMENT_METHODS.map((metodo) => ({ metodo, buckets: waits.filter((w) => w.metodo === metodo) })),
      ].map(({ metodo, buckets }) => ({ metodo, consultas: sum(buckets, 'consultas'), medianS: histogramMedian(buckets) }));

      const doctors = await repo.doctors([...load.keys()]);
      const overall = authorisation.find((a) => a.metodo === null);
      return {
        desde,
        hasta,
        actividad: { diaria: [...days.values()], semanal: [...weeks.values()] },
        ingresos: {
          porServicio: SERVICES.map((servicio) => {
            const rows = revenue.filter((r) => r.servicio === servicio);
            return { servicio, pagos: sum(rows, 'pagos'), monto_cents: sum(rows, 'monto_cents') };
          }),
          porMetodo: PAYMENT_METHODS.map((metodo) => {
            const rows = revenue.filter((r) => r.metodo === metodo);
            return { metodo, pagos: sum(rows, 'pagos'), monto_cents: sum(rows, 'monto_cents') };
          }),
          total_cents: sum(revenue, 'monto_cents'),
        },
        reembolsos: {
          porMetodo: PAYMENT_METHODS.map((metodo) => {
            const row = refundsDone.find((r) => r.metodo === metodo);
            return { metodo, reembolsos: row?.cantidad ?? 0, monto_cents: row?.monto_cents ?? 0 };
          }),
          completados: sum(refundsDone, 'cantidad'),
          completados_cents: sum(refundsDone, 'monto_cents'),
          pendientes: now.owed,
          pendientes_cents: now.owedCents,
        },
        recibosPendientes: { cantidad: now.waiting, espera_maxima_s: now.longestS, espera_mediana_s: now.medianS },
        autorizacion: {
          consultas: overall?.consultas ?? 0,
          mediana_s: overall?.medianS ?? null,
          porMetodo: PAYMENT_METHODS.map((metodo) => {
            const row = authorisation.find((a) => a.metodo === metodo);
            return { metodo, consultas: row?.consultas ?? 0, mediana_s: row?.medianS ?? null };
          }),
        },
        inasistencia: { marcadas, no_asistio: noAsistio, tasa: marcadas === 0 ? null : noAsistio / marcadas },
        medicos: doctors.map((d) => ({ id: d.id, nombre: `${d.nombre} ${d.apellido}`, ...(load.get(d.id) ?? { consultas: 0, citas: 0 }) })),
      };
    },
  };
}
export type DashboardService = ReturnType<typeof dashboardService>;

function sum<K extends string>(rows: readonly Record<K, number>[], key: K) {
  return rows.reduce((total, r) => total + r[key], 0);
}
