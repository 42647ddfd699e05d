import { useState, type ReactNode, type SelectHTMLAttributes } from 'react';
import { lastBookableDate, messages as spanish, panamaToday } from '@clinica/shared';
import { DateField } from '../../../components/ui/date-field.js';
import { Field } from '../../../components/ui/field.js';
import { useMessages, useTranslation } from '../../../lib/i18n.js';
import { useBlockedDates } from '../api/get-blocked-dates.js';
import { useFreeHours } from '../api/get-free-hours.js';
import { formatSlot } from './format.js';

/**
 * A doctor's date and free hour: the Spanish date picker (past, too far and the doctor's days off
 * not selectable) and the server's free hours of the chosen day. One piece for /citas and for
 * moving an appointment (decision 0049), so both offer exactly the same hours.
 */
export function SlotPicker({
  doctorId,
  fecha,
  onFecha,
  dateError,
  onDateIssue,
  hourError,
  hourSelect,
  except,
  fullDays,
}: {
  doctorId: string;
  fecha: string;
  onFecha: (fecha: string) => void;
  dateError?: string | null | undefined;
  /** What is wrong with a typed date (past, too far, a day off), or null once it is right. */
  onDateIssue: (issue: string | null) => void;
  hourError?: string | undefined;
  /** The hour select's own props: a form's registration, or value and onChange. */
  hourSelect: SelectHTMLAttributes<HTMLSelectElement> & { ref?: React.Ref<HTMLSelectElement> };
  /** An hour not to offer on `except.fecha` (the appointment's current one when moving it). */
  except?: { fecha: string; hora: string };
  /**
   * The doctor's full days (worked, every hour taken) stay selectable, and on one of them
   * `offer` shows under 'no free hours' (/citas: the waitlist, decision 0050).
   */
  fullDays?: { dates: readonly string[]; offer: (fecha: string) => ReactNode };
}) {
  const { t } = useTranslation('appointments');
  const messages = useMessages();
  const blocked = useBlockedDates(doctorId);
  const hours = useFreeHours(doctorId, fecha);
  // The day the picker opened; the server refuses a day that has passed since.
  const [now] = useState(() => Date.now());
  const offered = (hours.data ?? []).filter((h) => !(except && except.fecha === fecha && except.hora === h));
  return (
    <>
      <Field label={t('booking.date')} required error={dateError ?? undefined} hint={t('booking.dateHint')}>
        {(p) => (
          <DateField
            control={p}
            value={fecha}
            onChange={onFecha}
            minDate={panamaToday(now)}
            maxDate={lastBookableDate(now)}
            excluded={fullDays ? (blocked.data ?? []).filter((d) => !fullDays.dates.includes(d)) : (blocked.data ?? [])}
            excludedReason={t('booking.doctorOff')}
            disabled={blocked.isPending}
            onIssue={onDateIssue}
            pastMessage={spanish.appointmentPastDate}
            tooFarMessage={spanish.appointmentTooFar}
            excludedMessage={spanish.appointmentDateBlocked}
          />
        )}
      </Field>
      {fecha !== '' &&
        (hours.isPending ? (
          <p className="appt-note">{messages.loading}</p>
        ) : hours.isError ? (
          <p className="appt-error" role="alert">
            {messages.requestFailed}
          </p>
        ) : offered.length === 0 ? (
          fullDays?.dates.includes(fecha) ? (
            fullDays.offer(fecha)
          ) : (
            <p className="appt-error" role="alert">
              {messages.appointmentNoFreeHours}
            </p>
          )
        ) : (
          <Field label={t('booking.time')} required error={hourError}>
            {(p) => (
              <select {...p} {...hourSelect}>
                <option value="">{t('booking.chooseTime')}</option>
                {offered.map((h) => (
                  <option key={h} value={h}>
                    {formatSlot(h)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ))}
    </>
  );
}
