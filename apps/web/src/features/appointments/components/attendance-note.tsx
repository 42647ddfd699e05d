import { useTranslation } from '../../../lib/i18n.js';
import { formatInstant } from './format.js';

/**
 * The reminder's answer beside an appointment's state (decision 0052): when the patient confirmed
 * attendance from the mailed link. Nothing while unanswered: most appointments are.
 */
export function AttendanceNote({ at }: { at: string | null }) {
  const { t } = useTranslation('appointments');
  if (!at) return null;
  return <span className="appt-attendance">{t('attendance.confirmedAt', { when: formatInstant(at) })}</span>;
}
