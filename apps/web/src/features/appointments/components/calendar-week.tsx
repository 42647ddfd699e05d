import { useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { addDays, blockCovers, CLINIC_HOURS, doctorSlotsOn, panamaToday, weekdayOf, type CalendarWeek } from '@clinica/shared';
import { useMessages, useTranslation } from '../../../lib/i18n.js';
import { useCalendarWeek } from '../api/get-calendar-week.js';
import { AppointmentStateText } from './appointment-state.js';
import { formatHour, formatLongDate, formatShortDate } from './format.js';

/** Phones (≤ 480 px) get one day at a time: seven columns do not fit. */
const PHONE_QUERY = '(max-width: 480px)';
const subscribePhone = (change: () => void) => {
  const list = window.matchMedia(PHONE_QUERY);
  list.addEventListener('change', change);
  return () => list.removeEventListener('change', change);
};
const usePhone = () => useSyncExternalStore(subscribePhone, () => window.matchMedia(PHONE_QUERY).matches, () => false);

const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
/** Every hour the clinic can open on any day: the grid's rows. */
const FIRST = Math.min(CLINIC_HOURS.weekday.open, CLINIC_HOURS.weekend.open);
const LAST = Math.max(CLINIC_HOURS.weekday.close, CLINIC_HOURS.weekend.close);
const HOURS = Array.from({ length: LAST - FIRST }, (_, i) => hh(FIRST + i));

type Doctor = CalendarWeek['doctores'][number];
type Cita = CalendarWeek['citas'][number];
interface Column {
  key: string;
  fecha: string;
  doctor: Doctor;
  /** The column's header: a date on the week view, a doctor on the day view. */
  label: string;
}
type Cell = { kind: 'cita'; cita: Cita } | { kind: 'blocked' } | { kind: 'off' } | { kind: 'free' };

/** What a doctor's hour holds: an appointment, a block, outside their hours, or free. */
function cellOf(week: CalendarWeek, col: Column, hora: string): Cell {
  const cita = week.citas.find((c) => c.doctor_id === col.doctor.id && c.fecha === col.fecha && c.hora === hora);
  if (cita) return { kind: 'cita', cita };
  const blocks = week.bloqueos.filter((b) => b.doctor_id === col.doctor.id && b.fecha === col.fecha);
  if (blocks.some((b) => blockCovers(b, hora))) return { kind: 'blocked' };
  if (!doctorSlotsOn(col.fecha, col.doctor.horario).includes(hora)) return { kind: 'off' };
  return { kind: 'free' };
}

/**
 * The week (or, on a phone and for every doctor at once, the day) of appointments, blocks and
 * working hours (issue 24, item 6; decision 0051) as an ARIA grid: row and column headers, arrow
 * keys between cells (roving focus), each appointment a button that opens the details modal.
 * Dates and hours are Panama's, as the server's. Loaded only when staff choose 'Semana'.
 */
export default function CalendarWeekView({ view, onOpen }: { view: 'doctor' | 'admin'; onOpen: (token: string) => void }) {
  const { t } = useTranslation('appointments');
  const messages = useMessages();
  const phone = usePhone();
  const [fecha, setFecha] = useState(() => panamaToday(Date.now()));
  const [doctorId, setDoctorId] = useState('');
  const [active, setActive] = useState<[number, number]>([0, 0]);
  const grid = useRef<HTMLTableElement>(null);
  const week = useCalendarWeek(view, fecha, doctorId);
  // The administrator's doctor list: every doctor of the all-doctors week.
  const everyone = useCalendarWeek('admin', fecha, '');
  const doctors = view === 'admin' ? (everyone.data?.doctores ?? []) : [];

  // One day: on phones, and for every doctor at once (a column per doctor).
  const dayView = phone || (view === 'admin' && doctorId === '');
  const step = dayView ? 1 : 7;
  const data = week.data;
  const monday = addDays(fecha, -((weekdayOf(fecha) + 6) % 7));
  const columns: Column[] = !data
    ? []
    : dayView
      ? data.doctores.map((d) => ({ key: d.id, fecha, doctor: d, label: d.nombre }))
      : Array.from({ length: 7 }, (_, i) => {
          const day = addDays(monday, i);
          return { key: day, fecha: day, doctor: data.doctores[0]!, label: formatLongDate(day) };
        }).filter((c) => c.doctor);

  const title = dayView ? formatLongDate(fecha) : t('calendar.weekOf', { from: formatShortDate(monday), to: formatShortDate(addDays(monday, 6)) });

  const focusCell = (r: number, c: number) => {
    const rr = Math.max(0, Math.min(HOURS.length - 1, r));
    const cc = Math.max(0, Math.min(columns.length - 1, c));
    setActive([rr, cc]);
    grid.current?.querySelector<HTMLElement>(`[data-cell="${rr}-${cc}"]`)?.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    const [r, c] = active;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [r - 1, c],
      ArrowDown: [r + 1, c],
      ArrowLeft: [r, c - 1],
      ArrowRight: [r, c + 1],
      Home: [r, 0],
      End: [r, columns.length - 1],
    };
    const to = moves[e.key];
    if (!to) return;
    e.preventDefault();
    focusCell(to[0], to[1]);
  };

  return (
    <section className="cal" aria-labelledby="cal-title">
      <div className="cal-toolbar">
        <div className="appt-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setFecha(addDays(fecha, -step))}>
            {dayView ? t('calendar.prevDay') : t('calendar.prevWeek')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => setFecha(panamaToday(Date.now()))}>
            {t('calendar.today')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => setFecha(addDays(fecha, step))}>
            {dayView ? t('calendar.nextDay') : t('calendar.nextWeek')}
          </button>
        </div>
        {view === 'admin' && (
          <label className="cal-doctor">
            <span>{t('calendar.doctorLabel')}</span>
            <select value={doctorId} onChange={(e) => setDoctorId(e.currentTarget.value)}>
              <option value="">{t('calendar.allDoctors')}</option>
              {doctors.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.nombre}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <h2 id="cal-title" aria-live="polite">
        {title}
      </h2>
      {week.isError ? (
        <p role="alert" className="appt-error">
          {messages.detailLoadFailed}
        </p>
      ) : !data ? (
        <p>{messages.loading}</p>
      ) : columns.length === 0 ? (
        <p>{messages.noData}</p>
      ) : (
        <div className="cal-scroll">
          <table role="grid" ref={grid} className="cal-grid" aria-labelledby="cal-title" aria-readonly="true" onKeyDown={onKey}>
            <thead>
              <tr>
                <th scope="col">{t('calendar.hour')}</th>
                {columns.map((col) => (
                  <th key={col.key} scope="col">
                    {col.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {HOURS.map((hora, r) => (
                <tr key={hora}>
                  <th scope="row">{formatHour(hora)}</th>
                  {columns.map((col, c) => {
                    const cell = cellOf(data, col, hora);
                    const here = active[0] === r && active[1] === c;
                    const roving = { 'data-cell': `${r}-${c}`, tabIndex: here ? 0 : -1, onFocus: () => setActive([r, c]) };
                    if (cell.kind === 'cita') {
                      return (
                        <td key={col.key} role="gridcell" className={`cal-cell cal-${cell.cita.estado}`}>
                          <button type="button" className="cal-appt" {...roving} onClick={() => onOpen(cell.cita.token)}>
                            <span className="cal-appt-name">{cell.cita.paciente}</span>
                            {/* The same words as the list and the patient's page: attended, did not attend, moved. */}
                            <span className="cal-appt-state">
                              <AppointmentStateText a={{ ...cell.cita, cancelada_por: null, motivo_cancelacion: null }} />
                              {cell.cita.estado === 'pendiente' && !cell.cita.asistencia ? ` · ${t('states.pendiente')}` : null}
                            </span>
                          </button>
                        </td>
                      );
                    }
                    return (
                      <td key={col.key} role="gridcell" className={`cal-cell cal-${cell.kind}`} {...roving}>
                        {cell.kind === 'blocked' ? t('calendar.blocked') : cell.kind === 'off' ? <span className="visually-hidden">{t('calendar.offHours')}</span> : <span className="visually-hidden">{t('calendar.free')}</span>}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="cal-legend">{t('calendar.legend')}</p>
    </section>
  );
}
