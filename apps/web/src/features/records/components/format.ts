import { CLINIC_TIME_ZONE } from '@clinica/shared';
import { useTranslation } from '../../../lib/i18n.js';

const formats = new Map<string, Intl.DateTimeFormat>();
const dateTimeIn = (lng: string) => {
  let f = formats.get(lng);
  if (!f) {
    f = new Intl.DateTimeFormat(lng === 'es' ? 'es-PA' : lng, { timeZone: CLINIC_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' });
    formats.set(lng, f);
  }
  return f;
};

/** The feature's texts, and a date and time in Panama time written as the current language writes them. */
export function useRecordsText() {
  const { t, i18n } = useTranslation('records');
  const dateTime = dateTimeIn(i18n.resolvedLanguage ?? i18n.language);
  return { t, formatDateTime: (iso: string) => dateTime.format(new Date(iso)) };
}
