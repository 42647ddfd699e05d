import { useTranslation } from '../../../lib/i18n.js';
import { CalendarFeedPanel } from './calendar-feed-panel.js';
import { DoctorBlocks } from './doctor-blocks.js';
import { WeeklyHoursEditor } from './weekly-hours-editor.js';
import '../appointments.css';

/**
 * /Fecha_Admin_Doctor: the doctor's unavailable dates and hours (doctor-blocks.tsx), their weekly
 * hours (weekly-hours-editor.tsx) and their private calendar feed (calendar-feed-panel.tsx).
 */
export function FechaAdminDoctorPage() {
  const { t } = useTranslation('appointments');
  return (
    <div className="appt-page">
      <h1>{t('unavailable.title')}</h1>
      <DoctorBlocks />
      <WeeklyHoursEditor />
      <CalendarFeedPanel />
    </div>
  );
}
