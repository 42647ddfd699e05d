import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { toTypedDate } from '@clinica/shared';
import { useTranslation } from '../../lib/i18n.js';
import type { DateFieldProps } from './date-picker.js';
import './date-field.css';

export type { DateFieldProps } from './date-picker.js';

// react-datepicker and date-fns are about 48 kB gzip: the page shows at once and the picker follows,
// instead of the whole page waiting for it (Lighthouse on /citas).
const DatePickerField = lazy(async () => ({ default: (await import('./date-picker.js')).DateField }));

/**
 * The one date field of the product (decision 0044): typed dd/mm/aaaa (leading zeros optional, '/'
 * or '-') or picked in a calendar, the exact reason a typed day cannot be taken told under the
 * field; the value is yyyy-MM-dd. Used by /citas, the blocking of dates, the medical documents and
 * the next visit. Until the picker's code arrives, a disabled box of the same look.
 */
export function DateField(props: DateFieldProps) {
  const { t } = useTranslation('ui');
  const { control, value } = props;
  return (
    <Suspense
      fallback={
        <input
          id={control.id}
          className="date-field-input"
          placeholder={t('datePicker.placeholder')}
          aria-invalid={control['aria-invalid']}
          aria-describedby={control['aria-describedby']}
          aria-required={control['aria-required']}
          value={toTypedDate(value)}
          readOnly
          disabled
        />
      }
    >
      <DatePickerField {...props} />
    </Suspense>
  );
}

/**
 * What each date field of a form says about what was typed into it (DateField's `onIssue`): the
 * reason is the field's error until it is fixed, and a form with one left is not sent. A typed day
 * that cannot be taken leaves the form's value empty, so the form's schema alone would send an
 * optional field empty or say only 'required': the exact reason has to win.
 */
export function useDateIssues() {
  const [issues, setIssues] = useState<Record<string, string>>({});
  // Read at submit time: the blur that reports an issue and the click that submits are one gesture.
  const current = useRef(issues);
  const report = useCallback(
    (name: string) => (message: string | null) => {
      const next = { ...current.current };
      if (message) next[name] = message;
      else delete next[name];
      current.current = next;
      setIssues(next);
    },
    [],
  );
  return {
    /** The typed-date reason of a field, if any. */
    of: (name: string): string | undefined => issues[name],
    report,
    /** The fields with a typed date that cannot be taken, and why. */
    pending: () => Object.entries(current.current),
  };
}
