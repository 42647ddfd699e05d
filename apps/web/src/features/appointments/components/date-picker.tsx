import DatePicker from 'react-datepicker';
import { format } from 'date-fns';
import { es } from 'date-fns/locale/es';
import type { ControlProps } from '../../../components/ui/field.js';
import 'react-datepicker/dist/react-datepicker.css';

/** yyyy-MM-dd as a local calendar day (the picker works in the browser's days). */
const toDate = (fecha: string) => {
  const [y = 1970, m = 1, d = 1] = fecha.split('-').map(Number);
  return new Date(y, m - 1, d);
};
const toIso = (date: Date) => format(date, 'yyyy-MM-dd');

export interface DateFieldProps {
  control: ControlProps;
  /** yyyy-MM-dd, or '' when none is chosen. */
  value: string;
  onChange: (fecha: string) => void;
  onBlur?: () => void;
  /** The first selectable day (today in Panama), yyyy-MM-dd. */
  minDate: string;
  maxDate?: string;
  /** Days that cannot be chosen, yyyy-MM-dd, and why (shown on the day). */
  excluded?: readonly string[];
  excludedReason?: string;
  disabled?: boolean;
}

/**
 * The date picker in Spanish (react-datepicker with date-fns' es locale): days before `minDate`,
 * after `maxDate` and the excluded ones are not selectable; the value is yyyy-MM-dd.
 */
export function DateField({ control, value, onChange, onBlur, minDate, maxDate, excluded = [], excludedReason, disabled }: DateFieldProps) {
  return (
    <DatePicker
      id={control.id}
      ariaInvalid={String(control['aria-invalid'])}
      ariaDescribedBy={control['aria-describedby']}
      ariaRequired={control['aria-required'] ? 'true' : undefined}
      selected={value ? toDate(value) : null}
      onChange={(date: Date | null) => onChange(date ? toIso(date) : '')}
      onBlur={onBlur}
      locale={es}
      dateFormat="dd/MM/yyyy"
      placeholderText="dd/mm/aaaa"
      minDate={toDate(minDate)}
      maxDate={maxDate ? toDate(maxDate) : undefined}
      excludeDates={excluded.map((d) => ({ date: toDate(d), message: excludedReason }))}
      strictParsing
      autoComplete="off"
      disabled={disabled}
      chooseDayAriaLabelPrefix="Elegir"
      disabledDayAriaLabelPrefix="No disponible"
      previousMonthButtonLabel="Mes anterior"
      previousMonthAriaLabel="Mes anterior"
      nextMonthButtonLabel="Mes siguiente"
      nextMonthAriaLabel="Mes siguiente"
      className="appt-date-input"
      calendarClassName="appt-calendar"
    />
  );
}
