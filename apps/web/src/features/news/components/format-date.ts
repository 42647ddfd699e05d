import { CLINIC_TIME_ZONE } from '@clinica/shared';

const formats = new Map<string, Intl.DateTimeFormat>();

/** '2026-11-21T15:00:00.000Z' -> '21 de noviembre de 2026' in Spanish, the same date in `language` (Panama time). */
export function formatDate(iso: string, language = 'es'): string {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'es' ? 'es-PA' : language, { dateStyle: 'long', timeZone: CLINIC_TIME_ZONE });
    formats.set(language, format);
  }
  return format.format(new Date(iso));
}
