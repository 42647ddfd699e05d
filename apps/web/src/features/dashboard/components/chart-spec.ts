import { PAYMENT_METHODS, SERVICES, type CsvCell, type Dashboard, type DashboardPeriod, type PaymentMethod, type Service } from '@clinica/shared';

/**
 * What one chart shows, written once and read by the chart, its table and its CSV, so the three
 * cannot disagree (decision 0057). Values are numbers (money in USD cents); `labels` are already
 * in the page's language.
 */
export interface ChartSpec {
  id: string;
  title: string;
  /** The first column's header (Día, Servicio, Médico ...). */
  category: string;
  /** One name per series (a bar colour, a table column). */
  series: string[];
  /** `key`: the row as the CSV writes it when it differs from the label (a day as yyyy-MM-dd). */
  rows: { label: string; key?: string; values: number[] }[];
  /** Stacked bars (parts of one whole, with a Total column) or bars side by side. */
  stacked: boolean;
  /** Amounts in cents: written as money. */
  money: boolean;
  horizontal?: boolean;
}

/** The words the specs need, from the catalogue in the page's language. */
export interface SpecWords {
  title: Record<'consultations' | 'appointments' | 'revenueByService' | 'revenueByMethod' | 'refundsByMethod' | 'doctorLoad', string>;
  col: Record<'day' | 'week' | 'service' | 'method' | 'payments' | 'amount' | 'doctor' | 'consultations' | 'appointments' | 'refunds' | 'total', string>;
  service: Record<Service, string>;
  method: Record<PaymentMethod, string>;
  /** A calendar day as the page writes it. */
  day: (fecha: string) => string;
}

export type Grouping = 'dia' | 'semana';

function periods(id: string, title: string, list: DashboardPeriod[], key: 'consultas' | 'citas', grouping: Grouping, w: SpecWords): ChartSpec {
  return {
    id,
    title,
    category: grouping === 'dia' ? w.col.day : w.col.week,
    series: SERVICES.map((s) => w.service[s]),
    rows: list.map((p) => ({ label: w.day(p.inicio), key: p.inicio, values: SERVICES.map((s) => p[key][s]) })),
    stacked: true,
    money: false,
  };
}

/** Every chart of the page, in its order. */
export function chartSpecs(d: Dashboard, grouping: Grouping, w: SpecWords): ChartSpec[] {
  const list = grouping === 'dia' ? d.actividad.diaria : d.actividad.semanal;
  return [
    periods('consultas', w.title.consultations, list, 'consultas', grouping, w),
    periods('citas', w.title.appointments, list, 'citas', grouping, w),
    {
      id: 'ingresos-servicio',
      title: w.title.revenueByService,
      category: w.col.service,
      series: [w.col.amount],
      rows: d.ingresos.porServicio.map((r) => ({ label: w.service[r.servicio], values: [r.monto_cents] })),
      stacked: false,
      money: true,
    },
    {
      id: 'ingresos-metodo',
      title: w.title.revenueByMethod,
      category: w.col.method,
      series: [w.col.amount],
      rows: PAYMENT_METHODS.map((m) => ({ label: w.method[m], values: [d.ingresos.porMetodo.find((r) => r.metodo === m)?.monto_cents ?? 0] })),
      stacked: false,
      money: true,
    },
    {
      id: 'reembolsos-metodo',
      title: w.title.refundsByMethod,
      category: w.col.method,
      series: [w.col.amount],
      rows: d.reembolsos.porMetodo.map((r) => ({ label: w.method[r.metodo], values: [r.monto_cents] })),
      stacked: false,
      money: true,
    },
    {
      id: 'medicos',
      title: w.title.doctorLoad,
      category: w.col.doctor,
      series: [w.col.consultations, w.col.appointments],
      rows: d.medicos.map((m) => ({ label: m.nombre, values: [m.consultas, m.citas] })),
      stacked: false,
      money: false,
      horizontal: true,
    },
  ];
}

/** The totals of each series (the table's last row, the chart's spoken summary). */
export const seriesTotals = (spec: ChartSpec) => spec.series.map((_, i) => spec.rows.reduce((sum, r) => sum + (r.values[i] ?? 0), 0));

/** Cents as a CSV amount: a plain number with two decimals (money columns say USD in their header). */
const csvAmount = (cents: number) => (cents / 100).toFixed(2);

/** The CSV's header and rows: the table's, numbers unformatted. */
export function csvOf(spec: ChartSpec, totalWord: string): { headers: string[]; rows: CsvCell[][] } {
  const withTotal = spec.stacked;
  const cell = (v: number): CsvCell => (spec.money ? csvAmount(v) : v);
  return {
    headers: [spec.category, ...spec.series, ...(withTotal ? [totalWord] : [])],
    rows: spec.rows.map((r) => [r.key ?? r.label, ...r.values.map(cell), ...(withTotal ? [cell(r.values.reduce((a, b) => a + b, 0))] : [])]),
  };
}
