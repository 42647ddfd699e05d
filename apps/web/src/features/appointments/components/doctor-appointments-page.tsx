import { useState } from 'react';
import { Modal } from '../../../components/ui/modal.js';
import { ApiError } from '../../../lib/api-client.js';
import { useMessages, useTranslation } from '../../../lib/i18n.js';
import { useCursorPages } from '../../../lib/use-cursor-pages.js';
import { useDoctorAppointment } from '../api/get-doctor-appointment.js';
import { useDoctorAppointments } from '../api/get-doctor-appointments.js';
import { AppointmentDetails } from './appointment-details.js';
import { AttendanceActions } from './attendance-actions.js';
import { StaffTable } from './staff-table.js';
import { ListOrWeek } from './list-or-week.js';
import '../appointments.css';

/** /Citas_Admin_Doctor: the doctor's own appointments (a list, or their week), the first-name search and the detail modal. */
export function CitasAdminDoctorPage() {
  const { t } = useTranslation('appointments');
  const [search, setSearch] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const pages = useCursorPages();
  const rows = useDoctorAppointments(search, pages.cursor);
  const find = (name: string | null) => {
    setSearch(name);
    pages.reset();
  };
  return (
    <div className="appt-page appt-page-wide">
      <h1>{t('staff.doctorTitle')}</h1>
      <ListOrWeek
        view="doctor"
        onOpen={setOpen}
        list={<StaffTable caption={t('staff.doctorCaption')} rows={rows} pages={pages} onSearch={find} onOpen={setOpen} />}
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
      {appointment.isPending ? (
        <p>{messages.loading}</p>
      ) : appointment.isError ? (
        <p role="alert" className="appt-error">
          {appointment.error instanceof ApiError && appointment.error.status === 404
            ? messages.noData
            : messages.detailLoadFailed}
        </p>
      ) : (
        <div className="appt-modal">
          <AppointmentDetails a={appointment.data} view="doctor" />
          <AttendanceActions a={appointment.data} as="doctor" />
        </div>
      )}
    </Modal>
  );
}
