import { lazy, Suspense } from 'react';
import { toTypedDate } from '@clinica/shared';
import { useTranslation } from '../../../lib/i18n.js';
import type { DateFieldProps } from './date-picker.js';

// react-datepicker and date-fns are about 48 kB gzip: the page shows at once and the picker follows,
// instead of the whole page waiting for it (Lighthouse on /citas).
const DatePickerField = lazy(async () => ({ default: (await import('./date-picker.js')).DateField }));

/** The date picker (date-picker.tsx), loaded after the page; until then a disabled field of the same look. */
export function DateField(props: DateFieldProps) {
  const { t } = useTranslation('appointments');
  const { control, value } = props;
  return (
    <Suspense
      fallback={
        <input
          id={control.id}
          className="appt-date-input"
          placeholder={t('picker.placeholder')}
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
