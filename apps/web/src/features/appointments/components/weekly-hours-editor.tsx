import { useState, type FormEvent } from 'react';
import {
  WEEK_ORDER,
  WEEKDAY_KEYS,
  clinicHoursOfWeekday,
  referenceNumber,
  weeklyHoursSchema,
  type WeekdayKey,
  type WeeklyHours,
  type WeeklyHoursResult,
} from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { ApiError } from '../../../lib/api-client.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { useWeeklyHours } from '../api/get-weekly-hours.js';
import { useSaveWeeklyHours } from '../api/save-weekly-hours.js';
import { formatHour, formatLongDate, formatSlot } from './format.js';

const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

/**
 * A doctor's weekly hours (issue 24, decision 0048): per weekday, Monday first, one or several
 * ranges on the slot grid inside the clinic's hours (the selects offer only those). Checked with
 * the same schema the server uses; a change that leaves booked appointments outside is saved only
 * after the warning that lists them. `doctorId`: an administrator editing that doctor's hours.
 */
export function WeeklyHoursEditor({ doctorId }: { doctorId?: string }) {
  const { t } = useTranslation('appointments');
  const messages = useMessages();
  const current = useWeeklyHours(doctorId);
  const save = useSaveWeeklyHours();
  // The doctor's edits; until the first one, what the server holds (the clinic's hours when nothing was set).
  const [edited, setWeek] = useState<WeeklyHours | null>(null);
  const week = edited ?? current.data?.horario ?? null;
  const [issue, setIssue] = useState<string | null>(null);
  const [warning, setWarning] = useState<WeeklyHoursResult | null>(null);

  if (current.isPending || !week) return <p>{messages.loading}</p>;
  if (current.isError) {
    return (
      <p role="alert" className="appt-error">
        {messages.loadFailed}
      </p>
    );
  }

  const dayName = (key: WeekdayKey) => t(`hours.days.${key}`);
  const update = (key: WeekdayKey, ranges: WeeklyHours[WeekdayKey]) => {
    setWeek({ ...week, [key]: ranges });
    setWarning(null);
    setIssue(null);
  };

  const send = async (confirmar: boolean) => {
    try {
      const result = await save.mutateAsync({ horario: week, confirmar, doctorId });
      if (!result.aplicado) {
        setWarning(result);
        return;
      }
      setWarning(null);
      void showAlert(translateMessage(result.message));
    } catch (error) {
      void showAlert(error instanceof ApiError && error.fromServer ? translateMessage(error.message) : messages.requestFailedRetry);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = weeklyHoursSchema.safeParse(week);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? messages.requestFailedRetry;
      setIssue(message);
      void showAlert(translateMessage(message));
      return;
    }
    void send(false);
  };

  return (
    <form className="appt-card appt-hours" onSubmit={submit} aria-labelledby="appt-hours-title" noValidate>
      <h2 id="appt-hours-title">{t(doctorId ? 'hours.otherTitle' : 'hours.title')}</h2>
      <p className="appt-note">{doctorId ? t('hours.otherNote') : current.data?.predeterminado ? t('hours.defaultNote') : t('hours.note')}</p>
      {WEEK_ORDER.map((key) => {
        const { open, close } = clinicHoursOfWeekday(WEEKDAY_KEYS.indexOf(key));
        const ranges = week[key];
        return (
          <fieldset key={key} className="appt-hours-day">
            <legend>{dayName(key)}</legend>
            {ranges.length === 0 && <p className="appt-row-meta">{t('hours.off')}</p>}
            {ranges.map((r, i) => (
              <div key={i} className="appt-hours-range">
                <label>
                  <span>{t('hours.from')}</span>
                  <select
                    aria-label={t('hours.fromLabel', { day: dayName(key), n: i + 1 })}
                    value={r.desde}
                    onChange={(e) => update(key, ranges.map((x, j) => (j === i ? { ...x, desde: e.target.value } : x)))}
                  >
                    {range(open, close).map((h) => (
                      <option key={h} value={hh(h)}>
                        {formatHour(hh(h))}
                      </option>
                    ))}
                  </select>
                </label>
                <label>
                  <span>{t('hours.to')}</span>
                  <select
                    aria-label={t('hours.toLabel', { day: dayName(key), n: i + 1 })}
                    value={r.hasta}
                    onChange={(e) => update(key, ranges.map((x, j) => (j === i ? { ...x, hasta: e.target.value } : x)))}
                  >
                    {range(open + 1, close + 1).map((h) => (
                      <option key={h} value={hh(h)}>
                        {formatHour(hh(h))}
                      </option>
                    ))}
                  </select>
                </label>
                <Button
                  variant="secondary"
                  aria-label={t('hours.removeLabel', { day: dayName(key), n: i + 1 })}
                  onClick={() => update(key, ranges.filter((_, j) => j !== i))}
                >
                  {t('hours.remove')}
                </Button>
              </div>
            ))}
            <Button
              variant="secondary"
              aria-label={t('hours.addLabel', { day: dayName(key) })}
              onClick={() => {
                // A new range starts where the last one ends (or at opening), an hour long at least.
                const last = ranges.at(-1);
                const from = Math.min(last ? Number(last.hasta.slice(0, 2)) : open, close - 1);
                update(key, [...ranges, { desde: hh(from), hasta: hh(close) }]);
              }}
            >
              {t('hours.add')}
            </Button>
          </fieldset>
        );
      })}
      {issue && (
        <p role="alert" className="appt-error">
          {translateMessage(issue)}
        </p>
      )}
      <Button type="submit" busy={save.isPending && !warning}>
        {t('hours.save')}
      </Button>

      {warning && (
        <section className="appt-warning" role="alert" aria-labelledby="appt-hours-warning-title">
          <h3 id="appt-hours-warning-title">{t('hours.warningTitle')}</h3>
          <p>{translateMessage(warning.message)}</p>
          <ul>
            {warning.citas.map((c) => (
              <li key={c.numero}>
                {t('hours.affected', {
                  numero: referenceNumber(c.numero),
                  date: formatLongDate(c.fecha),
                  time: formatSlot(c.hora),
                  name: `${c.nombre} ${c.apellido}`,
                })}
              </li>
            ))}
          </ul>
          <div className="appt-actions">
            <Button variant="danger" busy={save.isPending} onClick={() => void send(true)}>
              {t('hours.saveAnyway')}
            </Button>
            <Button variant="secondary" onClick={() => setWarning(null)}>
              {t('hours.dontSave')}
            </Button>
          </div>
        </section>
      )}
    </form>
  );
}
