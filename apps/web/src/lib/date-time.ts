import { CLINIC_TIME_ZONE } from '@clinica/shared';
import { SOURCE_LANGUAGE, useLanguage } from './i18n.js';

const formats = new Map<string, Intl.DateTimeFormat>();

/** A date and time in Panama time, written the way of the current language (Spanish: Panama's own way). */
export function useFormatDateTime(): (iso: string) => string {
  const language = useLanguage();
  let f = formats.get(language);
  if (!f) {
    f = new Intl.DateTimeFormat(language === SOURCE_LANGUAGE ? 'es-PA' : language, {
      timeZone: CLINIC_TIME_ZONE,
      dateStyle: 'short',
      timeStyle: 'short',
    });
    formats.set(language, f);
  }
  const format = f;
  return (iso) => format.format(new Date(iso));
}
