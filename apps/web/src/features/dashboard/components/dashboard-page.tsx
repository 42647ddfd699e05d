import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { dashboardQuerySchema, type Dashboard, type PaymentMethod } from '@clinica/shared';
import { Field } from '../../../components/ui/field.js';
import { DateField } from '../../../components/ui/date-field.js';
import { useDateFormat } from '../../../lib/date-time.js';
import { useTranslation, type Language } from '../../../lib/i18n.js';
import { useDashboard, type DashboardRange } from '../api/get-dashboard.js';
import { chartSpecs, type Grouping, type SpecWords } from './chart-spec.js';
import { ChartCard } from './chart-card.js';
import { formatCount, formatMoneyCents, formatPercent, formatSeconds } from './format.js';
import '../../../components/ui/list.css';
import '../dashboard.css';

/**
 * /Estadisticas_Admin (issue 26, item 4; decision 0057): how the clinic is doing over a range of
 * days (the last 30 by default), every chart with its table and its CSV.
 */
export function EstadisticasAdminPage() {
  const { t } = useTranslation('messages');
  const { date, language } = useDateFormat();
  const [range, setRange] = useState<DashboardRange | null>(null);
  const [grouping, setGrouping] = useState<Grouping>('dia');
  const figures = useDashboard(range);
  const d = figures.data;

  const words = useMemo<SpecWords>(
    () => ({
      title: {
        consultations: t('dashboardConsultationsChart'),
        appointments: t('dashboardAppointmentsChart'),
        revenueByService: t('dashboardRevenueByService'),
        revenueByMethod: t('dashboardRevenueByMethod'),
        refundsByMethod: t('dashboardRefundsByMethod'),
        doctorLoad: t('dashboardDoctorLoad'),
      },
      col: {
        day: t('dashboardColDay'),
        week: t('dashboardColWeek'),
        service: t('dashboardColService'),
        method: t('dashboardColMethod'),
        payments: t('dashboardColPayments'),
        amount: t('dashboardColAmount'),
        doctor: t('dashboardColDoctor'),
        consultations: t('dashboardColConsultations'),
        appointments: t('dashboardColAppointments'),
        refunds: t('dashboardColRefunds'),
        total: t('dashboardColTotal'),
      },
      service: { consulta_general: t('dashboardServiceGeneral'), psicologia: t('dashboardServicePsychology'), medicina_interna: t('dashboardServiceInternal') },
      method: methodWords(t),
      day: (fecha) => date(fecha),
    }),
    [t, date],
  );
  const specs = useMemo(() => (d ? chartSpecs(d, grouping, words) : []), [d, grouping, words]);
  const money = useCallback((v: number) => formatMoneyCents(v, language), [language]);
  const count = useCallback((v: number) => formatCount(v, language), [language]);
  const cardWords = { showTable: t('dashboardShowTable'), downloadCsv: t('dashboardDownloadCsv'), total: t('dashboardColTotal') };

  return (
    <div className="list-page dash-page">
      <h1>{t('dashboardTitle')}</h1>
      <RangeForm shown={d} onRange={setRange} />
      {figures.isError && (
        <p className="list-error" role="alert">
          {figures.error instanceof Error ? figures.error.message : t('requestFailed')}
        </p>
      )}
      {d && (
        <>
          <p className="dash-range" aria-live="polite">
            {t('dashboardRangeShown', { desde: date(d.desde), hasta: date(d.hasta) })}
          </p>
          <Figures d={d} language={language} />
          <fieldset className="dash-grouping">
            <legend>{t('dashboardGroupBy')}</legend>
            {(['dia', 'semana'] as const).map((g) => (
              <label key={g}>
                <input type="radio" name="dash-grouping" value={g} checked={grouping === g} onChange={() => setGrouping(g)} />
                {g === 'dia' ? t('dashboardByDay') : t('dashboardByWeek')}
              </label>
            ))}
          </fieldset>
          <div className="dash-grid">
            {specs.map((spec) => (
              <ChartCard key={spec.id} spec={spec} format={spec.money ? money : count} words={cardWords} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}

function methodWords(t: (key: string) => string): Record<PaymentMethod, string> {
  return { 'Paypal o Tarjeta': t('dashboardMethodPaypal'), Transferencia: t('dashboardMethodTransfer'), Yappy: t('dashboardMethodYappy') };
}

/** The range's two days, checked by the route's own schema before anything is asked. */
function RangeForm({ shown, onRange }: { shown: Dashboard | undefined; onRange: (range: DashboardRange) => void }) {
  const { t } = useTranslation('messages');
  const [typed, setTyped] = useState<{ desde: string; hasta: string } | null>(null);
  const [error, setError] = useState<{ field: 'desde' | 'hasta'; message: string } | null>(null);
  const [dateIssue, setDateIssue] = useState<{ desde: string | null; hasta: string | null }>({ desde: null, hasta: null });
  // Until the person types, the fields show the range the server answered (the last 30 days).
  const desde = typed?.desde ?? shown?.desde ?? '';
  const hasta = typed?.hasta ?? shown?.hasta ?? '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = dashboardQuerySchema.safeParse({ desde: desde || undefined, hasta: hasta || undefined });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError({ field: issue?.path[0] === 'desde' ? 'desde' : 'hasta', message: issue?.message ?? '' });
      return;
    }
    if (dateIssue.desde || dateIssue.hasta) return;
    setError(null);
    if (parsed.data.desde && parsed.data.hasta) onRange({ desde: parsed.data.desde, hasta: parsed.data.hasta });
  };
  const field = (name: 'desde' | 'hasta', label: string) => (
    <Field label={label} error={dateIssue[name] ?? (error?.field === name ? error.message : undefined)}>
      {(p) => (
        <DateField
          control={p}
          value={name === 'desde' ? desde : hasta}
          onChange={(value) => {
            setTyped({ desde, hasta, [name]: value });
            setError(null);
          }}
          onIssue={(message) => setDateIssue((prev) => ({ ...prev, [name]: message }))}
        />
      )}
    </Field>
  );

  return (
    <form className="list-search dash-range-form" onSubmit={submit} noValidate aria-label={t('dashboardRangeLegend')}>
      {field('desde', t('dashboardFrom'))}
      {field('hasta', t('dashboardTo'))}
      <div className="list-search-actions">
        <button type="submit" className="btn btn-primary">
          {t('dashboardApply')}
        </button>
      </div>
    </form>
  );
}

/** The figures that are one number each: revenue, refunds, receipts waiting, payment to chat, no-shows. */
function Figures({ d, language }: { d: Dashboard; language: Language }) {
  const { t } = useTranslation('messages');
  const units = { minutes: t('dashboardMinutes'), hours: t('dashboardHours'), days: t('dashboardDays') };
  const wait = (s: number | null) => (s === null ? t('dashboardNone') : formatSeconds(s, language, units));
  const methods = methodWords(t);
  const items: { id: string; label: string; value: string; detail?: string[] }[] = [
    { id: 'ingresos', label: t('dashboardRevenueTotal'), value: formatMoneyCents(d.ingresos.total_cents, language) },
    {
      id: 'reembolsado',
      label: t('dashboardRefundsDone'),
      value: formatMoneyCents(d.reembolsos.completados_cents, language),
      detail: [`${t('dashboardColRefunds')}: ${formatCount(d.reembolsos.completados, language)}`],
    },
    {
      id: 'reembolsos-pendientes',
      label: t('dashboardRefundsOwed'),
      value: formatMoneyCents(d.reembolsos.pendientes_cents, language),
      detail: [`${t('dashboardColRefunds')}: ${formatCount(d.reembolsos.pendientes, language)}`],
    },
    {
      id: 'recibos',
      label: t('dashboardReceiptsWaiting'),
      value: formatCount(d.recibosPendientes.cantidad, language),
      detail: [`${t('dashboardOldestWait')}: ${wait(d.recibosPendientes.espera_maxima_s)}`, `${t('dashboardMedianWait')}: ${wait(d.recibosPendientes.espera_mediana_s)}`],
    },
    {
      id: 'autorizacion',
      label: t('dashboardAuthorisation'),
      value: wait(d.autorizacion.mediana_s),
      detail: [
        `${t('dashboardAuthorisedCount')}: ${formatCount(d.autorizacion.consultas, language)}`,
        ...d.autorizacion.porMetodo.filter((m) => m.consultas > 0).map((m) => `${methods[m.metodo]}: ${wait(m.mediana_s)} (${formatCount(m.consultas, language)})`),
      ],
    },
    {
      id: 'inasistencia',
      label: t('dashboardNoShow'),
      value: d.inasistencia.tasa === null ? t('dashboardNone') : formatPercent(d.inasistencia.tasa, language),
      detail: [t('dashboardNoShowDetail', { no: formatCount(d.inasistencia.no_asistio, language), marcadas: formatCount(d.inasistencia.marcadas, language) })],
    },
  ];
  return (
    <dl className="dash-figures">
      {items.map((item) => (
        <div className="dash-figure" key={item.id} data-figure={item.id}>
          <dt>{item.label}</dt>
          <dd className="dash-figure-value">{item.value}</dd>
          {item.detail?.map((line) => (
            <dd className="dash-figure-detail" key={line}>
              {line}
            </dd>
          ))}
        </div>
      ))}
    </dl>
  );
}
