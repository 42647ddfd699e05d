import { formatDateTime } from '@clinica/shared';
import { useTranslation } from '../../../lib/i18n.js';

/** The feature's texts, and a date and time in Panama time in the shared date format (decision 0044). */
export function useRecordsText() {
  const { t, i18n } = useTranslation('records');
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return { t, formatDateTime: (iso: string) => formatDateTime(iso, lng) };
}

/**
 * The doctor as the patient reads them: name and specialty (the profile's, else the service's
 * name). Never the e-mail address: staff addresses are not for patients (decision 0049, session 10).
 */
export function doctorName(
  d: { nombre_doctor: string; especialidad_doctor: string | null; servicio: string },
  t: (key: string) => string,
) {
  return `${d.nombre_doctor} (${d.especialidad_doctor?.trim() || t(`services.${d.servicio}`)})`;
}
