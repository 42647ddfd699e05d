import { CLINIC_TIME_ZONE } from '@clinica/shared';

const formats = new Map<string, Intl.DateTimeFormat>();

/** An ISO instant as Panama's date and time, e.g. '21 nov 2026, 10:00 a. m.' in Spanish, the same in `language`. */
export function formatDateTime(iso: string, language = 'es'): string {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'es' ? 'es-PA' : language, { timeZone: CLINIC_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });
    formats.set(language, format);
  }
  return format.format(new Date(iso));
}
