import type { AppointmentDetail, Attendance } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { messageOf } from '../../../lib/api-client.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { useMarkAttendance } from '../api/mark-attendance.js';

/**
 * Attended / did not attend, in the staff's appointment details once the hour started (decision
 * 0049). A later mark corrects an earlier one; the server refuses what is not allowed.
 */
export function AttendanceActions({ a, as }: { a: AppointmentDetail; as: 'doctor' | 'admin' }) {
  const { t } = useTranslation('appointments');
  const messages = useMessages();
  const mark = useMarkAttendance();
  if (!a.asistencia_marcable) return null;
  const doMark = async (asistencia: Attendance) => {
    try {
      const result = await mark.mutateAsync({ token: a.token, as, asistencia });
      void showAlert(translateMessage(result.message));
    } catch (err) {
      void showAlert(messageOf(err, messages.requestFailed));
    }
  };
  return (
    <div className="appt-actions" role="group" aria-label={t('attendance.label')}>
      <Button variant={a.asistencia === 'asistio' ? 'primary' : 'secondary'} aria-pressed={a.asistencia === 'asistio'} disabled={mark.isPending} onClick={() => void doMark('asistio')}>
        {t('attendance.attended')}
      </Button>
      <Button variant={a.asistencia === 'no_asistio' ? 'danger' : 'secondary'} aria-pressed={a.asistencia === 'no_asistio'} disabled={mark.isPending} onClick={() => void doMark('no_asistio')}>
        {t('attendance.noShow')}
      </Button>
    </div>
  );
}
