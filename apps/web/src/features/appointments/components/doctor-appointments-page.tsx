import { useState } from 'react';
import { DetailState } from '../../../components/ui/detail-state.js';
import { Modal } from '../../../components/ui/modal.js';
import { useListSearch } from '../../../components/ui/use-list-search.js';
import { useMessages, useTranslation } from '../../../lib/i18n.js';
import { useDoctorAppointment } from '../api/get-doctor-appointment.js';
import { useDoctorAppointments } from '../api/get-doctor-appointments.js';
import { AppointmentDetails } from './appointment-details.js';
import { AttendanceActions } from './attendance-actions.js';
import { StaffTable } from './staff-table.js';
import { ListOrWeek } from './list-or-week.js';
import { WaitlistCounts } from './waitlist-counts.js';
import '../appointments.css';

/** /Citas_Admin_Doctor: the doctor's own appointments (a list, or their week), the first-name search and the detail modal. */
export function CitasAdminDoctorPage() {
  const { t } = useTranslation('appointments');
  // The server matches the patient's first name or the appointment's number; an empty search is
  // refused, as the specification's 'Enviar' did (docs/spec/staff.md).
  const { name, pages, search } = useListSearch({ required: true, byReference: true });
  const [open, setOpen] = useState<string | null>(null);
  const rows = useDoctorAppointments(name, pages.cursor);
  return (
    <div className="appt-page appt-page-wide">
      <h1>{t('staff.doctorTitle')}</h1>
      <WaitlistCounts view="doctor" />
      <ListOrWeek
        view="doctor"
        onOpen={setOpen}
        list={
          <StaffTable caption={t('staff.doctorCaption')} rows={rows} pages={pages} search={search} onOpen={setOpen} />
        }
      />
      {open !== null && <DoctorAppointmentModal token={open} onClose={() => setOpen(null)} />}
    </div>
  );
}

function DoctorAppointmentModal({ token, onClose }: { token: string; onClose: () => void }) {
  const { t } = useTranslation('appointments');
  const messages = useMessages();
  const appointment = useDoctorAppointment(token);
  return (
    <Modal title={t('staff.modalTitle')} size="md" onClose={onClose}>
      <DetailState token={token} query={appointment} notFound={messages.noData} errorClassName="appt-error">
        {(a) => (
          <div className="appt-modal">
            <AppointmentDetails a={a} view="doctor" />
            <AttendanceActions a={a} as="doctor" />
          </div>
        )}
      </DetailState>
    </Modal>
  );
}
