import { useState, type FormEvent } from 'react';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Field } from '../../../components/ui/field.js';
import { DetailState } from '../../../components/ui/detail-state.js';
import { Modal } from '../../../components/ui/modal.js';
import { useListSearch } from '../../../components/ui/use-list-search.js';
import { messageOf } from '../../../lib/api-client.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { useCancelAppointment } from '../api/cancel-appointment.js';
import { useAdminAppointment } from '../api/get-admin-appointment.js';
import { useAdminAppointments } from '../api/get-admin-appointments.js';
import { AdminDoctorHours } from './admin-doctor-hours.js';
import { AppointmentDetails } from './appointment-details.js';
import { AttendanceActions } from './attendance-actions.js';
import { RescheduleForm } from './reschedule-form.js';
import type { AppointmentDetail } from '@clinica/shared';
import { StaffTable } from './staff-table.js';
import { ListOrWeek } from './list-or-week.js';
import { WaitlistCounts } from './waitlist-counts.js';
import '../appointments.css';

/** /Citas_Admin: every appointment, the first-name search, the detail modal and cancellation; a doctor's weekly hours below. */
export function CitasAdminPage() {
  const { t } = useTranslation('appointments');
  // The server matches the patient's first name or the appointment's number; an empty search is
  // refused, as the specification's 'Enviar' did (docs/spec/staff.md).
  const { name, pages, search } = useListSearch({ required: true, byReference: true });
  const [open, setOpen] = useState<string | null>(null);
  const rows = useAdminAppointments(name, pages.cursor);
  return (
    <div className="appt-page appt-page-wide">
      <h1>{t('staff.adminTitle')}</h1>
      <WaitlistCounts view="admin" />
      <ListOrWeek
        view="admin"
        onOpen={setOpen}
        list={
          <StaffTable
            caption={t('staff.adminCaption')}
            rows={rows}
            pages={pages}
            search={search}
            withDoctor
            onOpen={setOpen}
          />
        }
      />
      {open !== null && <AdminAppointmentModal token={open} onClose={() => setOpen(null)} />}
      <AdminDoctorHours />
    </div>
  );
}

function AdminAppointmentModal({ token, onClose }: { token: string; onClose: () => void }) {
  const { t } = useTranslation('appointments');
  const messages = useMessages();
  const appointment = useAdminAppointment(token);
  return (
    <Modal title={t('staff.modalTitle')} size="lg" onClose={onClose}>
      <DetailState token={token} query={appointment} notFound={messages.noData} errorClassName="appt-error">
        {(a) => (
          <div className="appt-modal">
            <AppointmentDetails a={a} view="admin" />
            <AttendanceActions a={a} as="admin" />
            {a.estado !== 'cancelada' && a.asistencia === null && <AdminMove a={a} />}
            {a.estado !== 'cancelada' && a.asistencia === null && <CancelForm token={token} />}
          </div>
        )}
      </DetailState>
    </Modal>
  );
}

/** On the patient's behalf, also inside the notice window (decision 0049); the server refuses once it started. */
function AdminMove({ a }: { a: AppointmentDetail }) {
  const { t } = useTranslation('appointments');
  const [moving, setMoving] = useState(false);
  return moving ? (
    <RescheduleForm a={a} as="admin" onDone={() => setMoving(false)} onCancel={() => setMoving(false)} />
  ) : (
    <div className="appt-actions">
      <Button variant="secondary" onClick={() => setMoving(true)}>
        {t('move.open')}
      </Button>
    </div>
  );
}

/** Cancels the appointment (a rejected transfer, say): the slot is freed and the patient receives the reason. */
function CancelForm({ token }: { token: string }) {
  const { t } = useTranslation('appointments');
  const messages = useMessages();
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | undefined>();
  const cancel = useCancelAppointment();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (motivo.trim() === '') {
      setError(messages.cancelReasonRequired);
      return;
    }
    setError(undefined);
    try {
      const result = await cancel.mutateAsync({ token, motivo: motivo.trim() });
      void showAlert(translateMessage(result.message));
    } catch (err) {
      void showAlert(messageOf(err, messages.requestFailed));
    }
  };
  return (
    <form className="appt-cancel" onSubmit={(e) => void submit(e)} aria-labelledby="appt-cancel-title">
      <h3 id="appt-cancel-title">{t('staff.cancelTitle')}</h3>
      <p className="appt-note">{t('staff.cancelNote')}</p>
      <Field label={t('staff.cancelReason')} required error={error}>
        {(p) => (
          <textarea {...p} rows={2} maxLength={500} value={motivo} onChange={(e) => setMotivo(e.currentTarget.value)} />
        )}
      </Field>
      <Button type="submit" variant="danger" busy={cancel.isPending}>
        {t('staff.cancelButton')}
      </Button>
    </form>
  );
}
