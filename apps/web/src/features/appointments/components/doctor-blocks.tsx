import { useId, useState, type FormEvent } from 'react';
import {
  clinicHoursOn,
  isCalendarDate,
  messages as spanish,
  panamaToday,
  referenceNumber,
  type BlockDateResult,
  type DoctorBlockedDate,
} from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { ApiError } from '../../../lib/api-client.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { useBlockDate } from '../api/block-date.js';
import { useDoctorBlockedDates } from '../api/get-doctor-blocked-dates.js';
import { useUnblockDate } from '../api/unblock-date.js';
import { DateField } from '../../../components/ui/date-field.js';
import { formatHour, formatLongDate, formatSlot } from './format.js';
import '../appointments.css';

/** 'Error al enviar la fecha', with the server's reason when it gave one. */
const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** The hours a block of `fecha` may start ('from') or end ('to') at: the clinic's hours that day. */
const blockHours = (fecha: string, end: 'from' | 'to') => {
  const { open, close } = clinicHoursOn(isCalendarDate(fecha) ? fecha : '2026-11-25');
  return Array.from({ length: close - open }, (_, i) => hh(open + i + (end === 'to' ? 1 : 0)));
};

const failure = (error: unknown, dateBlockFailed: string) =>
  error instanceof ApiError && error.fromServer
    ? `${dateBlockFailed}: ${translateMessage(error.message)}`
    : dateBlockFailed;

/**
 * 'Ingresar Fecha No Disponible' with the date picker, an optional range of the day (issue 24:
 * empty blocks the whole day) and 'Enviar'. A date that already holds appointments is blocked
 * only after the warning that lists them. Below, the unavailable dates, each of which can be made
 * available again. The doctor's own (/Fecha_Admin_Doctor), or with `doctorId` an administrator's
 * for that doctor (/Citas_Admin): one form for both, as WeeklyHoursEditor.
 */
export function DoctorBlocks({ doctorId }: { doctorId?: string }) {
  const { t } = useTranslation('appointments');
  const ids = useId();
  const admin = doctorId !== undefined;
  const messages = useMessages();
  const [fecha, setFecha] = useState('');
  // Empty: the whole day; both: that part of it (issue 24).
  const [desde, setDesde] = useState('');
  const [hasta, setHasta] = useState('');
  // What is wrong with a typed date (a past, blocked or impossible day), shown under the field.
  const [dateIssue, setDateIssue] = useState<string | null>(null);
  const [today] = useState(() => panamaToday(Date.now()));
  const [warning, setWarning] = useState<{ fecha: string; result: BlockDateResult } | null>(null);
  const blocked = useDoctorBlockedDates(doctorId);
  const block = useBlockDate();
  const unblock = useUnblockDate();
  /** 'jueves 26 nov. 2026' for a whole day, '… de 9:00 a. m. a 11:00 a. m.' for part of it. */
  const blockLabel = (b: DoctorBlockedDate) =>
    b.desde && b.hasta
      ? t('unavailable.rangeLabel', {
          date: formatLongDate(b.fecha),
          from: formatHour(b.desde),
          to: formatHour(b.hasta),
        })
      : formatLongDate(b.fecha);

  const send = async (date: string, confirmar: boolean) => {
    try {
      const result = await block.mutateAsync({
        doctorId,
        date,
        confirmar,
        ...(desde && hasta ? { desde, hasta } : {}),
      });
      if (!result.bloqueada) {
        setWarning({ fecha: date, result });
        return;
      }
      setWarning(null);
      setFecha('');
      setDesde('');
      setHasta('');
      setDateIssue(null);
      void showAlert(translateMessage(result.message));
    } catch (error) {
      void showAlert(failure(error, messages.dateBlockFailed));
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (dateIssue) {
      void showAlert(translateMessage(dateIssue));
      return;
    }
    if (fecha === '') {
      void showAlert(messages.missingFields);
      return;
    }
    if ((desde === '') !== (hasta === '')) {
      void showAlert(messages.blockRangeIncomplete);
      return;
    }
    void send(fecha, false);
  };

  return (
    <>
      <form
        className="appt-card"
        onSubmit={submit}
        aria-label={t(admin ? 'unavailable.adminTitle' : 'unavailable.title')}
        noValidate
      >
        {admin && <h3>{t('unavailable.adminTitle')}</h3>}
        <p className="appt-note">{t(admin ? 'unavailable.adminNote' : 'unavailable.note')}</p>
        <Field label={t('unavailable.dateLabel')} required error={dateIssue ?? undefined}>
          {(p) => (
            <DateField
              control={p}
              value={fecha}
              onChange={(value) => {
                setFecha(value);
                setWarning(null);
              }}
              minDate={today}
              excluded={blocked.data?.filter((b) => b.desde === null).map((b) => b.fecha) ?? []}
              excludedReason={t('unavailable.alreadyBlocked')}
              onIssue={setDateIssue}
              pastMessage={spanish.blockDatePast}
              excludedMessage={spanish.dateAlreadyBlocked}
            />
          )}
        </Field>
        <p className="appt-note">{t('unavailable.rangeNote')}</p>
        <div className="appt-hours-range">
          <label>
            <span>{t('hours.from')}</span>
            <select aria-label={t('unavailable.fromLabel')} value={desde} onChange={(e) => setDesde(e.target.value)}>
              <option value="">{t('unavailable.wholeDay')}</option>
              {blockHours(fecha, 'from').map((h) => (
                <option key={h} value={h}>
                  {formatHour(h)}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{t('hours.to')}</span>
            <select aria-label={t('unavailable.toLabel')} value={hasta} onChange={(e) => setHasta(e.target.value)}>
              <option value="">{t('unavailable.wholeDay')}</option>
              {blockHours(fecha, 'to').map((h) => (
                <option key={h} value={h}>
                  {formatHour(h)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <Button type="submit" busy={block.isPending && !warning}>
          {t('unavailable.send')}
        </Button>
      </form>

      {warning && (
        <section className="appt-card appt-warning" role="alert" aria-labelledby={`${ids}-warning`}>
          <h2 id={`${ids}-warning`}>{t('unavailable.warningTitle', { date: formatLongDate(warning.fecha) })}</h2>
          <p>{translateMessage(warning.result.message)}</p>
          <ul>
            {warning.result.citas.map((c) => (
              <li key={c.numero}>
                {t('hours.affected', {
                  numero: referenceNumber(c.numero),
                  date: formatLongDate(c.fecha),
                  time: formatSlot(c.hora),
                  name: `${c.nombre} ${c.apellido}`,
                })}{' '}
                ({t(`states.${c.estado}`)})
              </li>
            ))}
          </ul>
          <div className="appt-actions">
            <Button variant="danger" busy={block.isPending} onClick={() => void send(warning.fecha, true)}>
              {t('unavailable.blockAnyway')}
            </Button>
            <Button variant="secondary" onClick={() => setWarning(null)}>
              {t('unavailable.dontBlock')}
            </Button>
          </div>
        </section>
      )}

      <section className="appt-card" aria-labelledby={`${ids}-blocked`}>
        <h2 id={`${ids}-blocked`}>{t(admin ? 'unavailable.adminListTitle' : 'unavailable.listTitle')}</h2>
        {blocked.isPending ? (
          <p>{messages.loading}</p>
        ) : blocked.isError ? (
          <p role="alert" className="appt-error">
            {messages.loadFailed}
          </p>
        ) : blocked.data.length === 0 ? (
          <p>{messages.noBlockedDates}</p>
        ) : (
          <ul className="appt-list" aria-labelledby={`${ids}-blocked`}>
            {blocked.data.map((b) => (
              <li key={`${b.fecha}${b.desde ?? ''}`} className="appt-row">
                <div>
                  <p className="appt-row-title">{blockLabel(b)}</p>
                  {b.citas > 0 && <p className="appt-row-meta">{t('unavailable.keeps', { count: b.citas })}</p>}
                </div>
                <Button
                  variant="secondary"
                  busy={
                    unblock.isPending && unblock.variables?.fecha === b.fecha && unblock.variables.desde === b.desde
                  }
                  aria-label={t('unavailable.unblockLabel', { date: blockLabel(b) })}
                  onClick={() =>
                    void unblock.mutateAsync({ ...b, doctorId }).then(
                      (r) => showAlert(translateMessage(r.message)),
                      (error: unknown) => showAlert(failure(error, messages.dateBlockFailed)),
                    )
                  }
                >
                  {t('unavailable.unblock')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
