import { useEffect, useRef, useState } from 'react';
import DatePicker from 'react-datepicker';
import { format, type Locale } from 'date-fns';
import { es } from 'date-fns/locale/es';
import { checkTypedDate, toTypedDate } from '@clinica/shared';
import type { ControlProps } from './field.js';
import { useTranslation } from '../../lib/i18n.js';
import 'react-datepicker/dist/react-datepicker.css';

/** yyyy-MM-dd as a local calendar day (the picker works in the browser's days). */
const toDate = (fecha: string) => {
  const [y = 1970, m = 1, d = 1] = fecha.split('-').map(Number);
  return new Date(y, m - 1, d);
};
const toIso = (date: Date) => format(date, 'yyyy-MM-dd');

// Month and day names in the current language: Spanish is in the bundle, the others are fetched
// the first time the picker is shown in that language.
const loadLocale: Record<string, () => Promise<Locale>> = {
  en: async () => (await import('date-fns/locale/en-US')).enUS,
  fr: async () => (await import('date-fns/locale/fr')).fr,
  de: async () => (await import('date-fns/locale/de')).de,
  it: async () => (await import('date-fns/locale/it')).it,
  'zh-TW': async () => (await import('date-fns/locale/zh-TW')).zhTW,
  'zh-CN': async () => (await import('date-fns/locale/zh-CN')).zhCN,
};
const loadedLocales = new Map<string, Locale>([['es', es]]);

function useDateLocale(lng: string): Locale {
  const [, setLoaded] = useState(0);
  const locale = loadedLocales.get(lng);
  useEffect(() => {
    const load = loadLocale[lng];
    if (locale || !load) return;
    let live = true;
    load().then(
      (l) => {
        loadedLocales.set(lng, l);
        if (live) setLoaded((n) => n + 1);
      },
      () => undefined, // stays in Spanish if the chunk cannot be fetched
    );
    return () => {
      live = false;
    };
  }, [lng, locale]);
  return locale ?? es;
}

export interface DateFieldProps {
  control: ControlProps;
  /** yyyy-MM-dd, or '' when none is chosen. */
  value: string;
  onChange: (fecha: string) => void;
  onBlur?: () => void;
  /** The first selectable day (today in Panama for a booking), yyyy-MM-dd. */
  minDate?: string;
  /** The last selectable day, yyyy-MM-dd. */
  maxDate?: string;
  /** Days that cannot be chosen, yyyy-MM-dd, and why (shown on the day). */
  excluded?: readonly string[];
  excludedReason?: string;
  disabled?: boolean;
  /**
   * What is wrong with what was typed (a catalogue message: not dd/mm/aaaa, no such day, past,
   * too far, excluded), told when the field is left; null once the field holds a good day or nothing.
   */
  onIssue?: (message: string | null) => void;
  /** This field's catalogue messages for a past, a too far and an excluded day. */
  pastMessage?: string;
  tooFarMessage?: string;
  excludedMessage?: string;
  /** Month and year lists in the calendar, where the day may be years away (a birth date). */
  yearSelect?: boolean;
  readOnly?: boolean;
}

/**
 * The date picker in the current language (react-datepicker with date-fns' locale of that language): days before `minDate`,
 * after `maxDate` and the excluded ones are not selectable; the value is yyyy-MM-dd.
 */
export function DateField(props: DateFieldProps) {
  const { control, value, onChange, onBlur, minDate, maxDate, excluded = [], excludedReason, disabled, onIssue, yearSelect, readOnly } = props;
  const { t, i18n } = useTranslation('ui');
  const locale = useDateLocale(i18n.resolvedLanguage ?? i18n.language);
  // Typed text is ours, not the picker's (decision 0044): dd/mm/aaaa with or without leading zeros,
  // '/' or '-', read by the shared parser; what cannot be taken stays in the box with its reason
  // instead of being cleared. null: the box shows the chosen day.
  const [text, setText] = useState<string | null>(null);
  const pending = useRef<string | null>(null);
  const typed = (raw: string) => {
    setText(raw);
    const checked = checkTypedDate(raw, {
      min: minDate,
      max: maxDate,
      excluded,
      pastMessage: props.pastMessage,
      tooFarMessage: props.tooFarMessage,
      excludedMessage: props.excludedMessage,
    });
    pending.current = checked.message;
    if (checked.fecha) {
      onIssue?.(null);
      if (checked.fecha !== value) onChange(checked.fecha);
    } else {
      if (checked.message === null) onIssue?.(null);
      if (value !== '') onChange('');
    }
  };
  return (
    <DatePicker
      id={control.id}
      ariaInvalid={String(control['aria-invalid'])}
      ariaDescribedBy={control['aria-describedby']}
      ariaRequired={control['aria-required'] ? 'true' : undefined}
      selected={value ? toDate(value) : null}
      value={text ?? (value ? toTypedDate(value) : '')}
      onChangeRaw={(event) => {
        // A day picked in the calendar comes as a click on the day, not on the box.
        if (!(event?.target instanceof HTMLInputElement)) return;
        event.preventDefault();
        typed(event.target.value);
      }}
      onChange={(date: Date | null) => {
        setText(null);
        pending.current = null;
        onIssue?.(null);
        onChange(date ? toIso(date) : '');
      }}
      // react-datepicker calls onBlur only when the calendar is closed: a box left with the calendar
      // open (a tap on 'Enviar' or 'Generar PDF') tells its reason when the calendar closes.
      onCalendarClose={() => {
        if (pending.current) onIssue?.(pending.current);
      }}
      onBlur={() => {
        // Told when the person leaves the box, not at every keystroke of '2/12/2026'.
        if (pending.current) onIssue?.(pending.current);
        else setText(null);
        onBlur?.();
      }}
      locale={locale}
      dateFormat="dd/MM/yyyy"
      placeholderText={t('datePicker.placeholder')}
      minDate={minDate ? toDate(minDate) : undefined}
      maxDate={maxDate ? toDate(maxDate) : undefined}
      excludeDates={excluded.map((d) => ({ date: toDate(d), message: excludedReason }))}
      strictParsing
      autoComplete="off"
      disabled={disabled}
      readOnly={readOnly}
      {...(yearSelect ? { showMonthDropdown: true, showYearDropdown: true, dropdownMode: 'select' as const } : {})}
      chooseDayAriaLabelPrefix={t('datePicker.choose')}
      disabledDayAriaLabelPrefix={t('datePicker.unavailable')}
      previousMonthButtonLabel={t('datePicker.previousMonth')}
      previousMonthAriaLabel={t('datePicker.previousMonth')}
      nextMonthButtonLabel={t('datePicker.nextMonth')}
      nextMonthAriaLabel={t('datePicker.nextMonth')}
      className="date-field-input"
      wrapperClassName="date-field"
      calendarClassName="date-field-calendar"
    />
  );
}
