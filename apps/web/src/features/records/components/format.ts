import { formatDateTime } from '@clinica/shared';
import { useTranslation } from '../../../lib/i18n.js';

/** The feature's texts, and a date and time in Panama time in the shared date format (decision 0044). */
export function useRecordsText() {
  const { t, i18n } = useTranslation('records');
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return { t, formatDateTime: (iso: string) => formatDateTime(iso, lng) };
}
