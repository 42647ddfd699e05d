import { formatClock, formatDate, formatDateTime, formatDateTimeSeconds, formatSlot, formatTime, formatWeekdayDate, formatWeekdayDateTime, type DateValue } from '@clinica/shared';
import { useLanguage } from './i18n.js';

/**
 * The shared date format (packages/shared/src/date-format.ts, decision 0044) in the current
 * language: a thin hook, so every page writes dates the one way the e-mails and PDFs do.
 */
export function useDateFormat() {
  const language = useLanguage();
  return {
    language,
    /** '24 nov. 2026' */
    date: (v: DateValue) => formatDate(v, language),
    /** 'miércoles 25 nov. 2026' */
    weekdayDate: (v: DateValue) => formatWeekdayDate(v, language),
    /** '24 nov. 2026, 9:22 a. m.' */
    dateTime: (v: DateValue) => formatDateTime(v, language),
    /** '24 nov. 2026, 9:22:05 a. m.' (the audit trail) */
    dateTimeSeconds: (v: DateValue) => formatDateTimeSeconds(v, language),
    /** 'miércoles 25 nov. 2026, 9:00 a. m.' */
    weekdayDateTime: (v: DateValue) => formatWeekdayDateTime(v, language),
    /** '9:22 a. m.' */
    time: (v: DateValue) => formatTime(v, language),
    /** '08:00' -> '8:00 a. m.' */
    clock: (hora: string) => formatClock(hora, language),
    /** '08:00' -> '8:00 a. m. – 9:00 a. m.' */
    slot: (hora: string) => formatSlot(hora, language),
  };
}

/** A date and time in Panama time, written the way of the current language. */
export function useFormatDateTime(): (iso: string) => string {
  return useDateFormat().dateTime;
}
