import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from '../../../lib/router.js';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { DetailState } from '../../../components/ui/detail-state.js';
import { Reference } from '../../../components/ui/reference.js';
import { Modal } from '../../../components/ui/modal.js';
import { Pager } from '../../../components/ui/pager.js';
import { messageOf } from '../../../lib/api-client.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { useCursorPages } from '../../../lib/use-cursor-pages.js';
import { useCancelMyAppointment } from '../api/cancel-my-appointment.js';
import { appointmentIcsUrl, useMyAppointment } from '../api/get-my-appointment.js';
import { useMyAppointments } from '../api/get-my-appointments.js';
import { AppointmentDetails, StateWords } from './appointment-details.js';
import { formatHour, formatInstant, formatLongDate, formatSlot } from './format.js';
import { AttendanceNote } from './attendance-note.js';
import { MyWaitlist } from './my-waitlist.js';
import '../appointments.css';

// The reschedule form (with the date picker and free hours) loads when the patient asks for it:
// the list a phone opens first does not carry it (bench/budgets.json, /Citas_usuario).
const RescheduleForm = lazy(() => import('./reschedule-form.js').then((m) => ({ default: m.RescheduleForm })));

/** /Citas_usuario: the patient's appointments and the detail modal loaded by token. */
export function CitasUsuarioPage() {
  const { t } = useTranslation('appointments');
  const messages = useMessages();
  const pages = useCursorPages();
  const rows = useMyAppointments(pages.cursor);
  // A reminder's "cancel or change" link opens the appointment: /Citas_usuario?cita=<token> (decision 0052).
  const [search, setSearch] = useSearchParams();
  const [open, setOpen] = useState<string | null>(() => search.get('cita'));
  const close = () => {
    setOpen(null);
    if (search.has('cita')) setSearch({}, { replace: true });
  };
  return (
    <div className="appt-page">
      <h1>{t('mine.title')}</h1>
      {rows.isPending ? (
        <p>{messages.loading}</p>
      ) : rows.isError ? (
        <p role="alert" className="appt-error">
          {messages.loadFailed}
        </p>
      ) : rows.data.items.length === 0 ? (
        <p>{messages.noResults}</p>
      ) : (
        <ul className="appt-list" aria-label={t('mine.listLabel')}>
          {rows.data.items.map((r) => (
            <li key={r.id} className={`appt-row${r.estado === 'cancelada' ? ' appt-row-cancelled' : ''}`}>
              <div>
                <p className="appt-row-title">
                  {formatLongDate(r.fecha)} · {formatSlot(r.hora)}
                </p>
                <p className="appt-row-meta">
                  {/* The number the clinic reads when the patient calls about it (decision 0045). */}
                  <Reference kind="appointment" numero={r.numero} /> · {t(`services.${r.servicio}`)} · {r.doctor} ·{' '}
                  <StateWords a={r} />
                  <AttendanceNote at={r.asistencia_confirmada_at} />
                </p>
                {r.reservada_hasta && (
                  // Until when the slot waits for the receipt's approval (decision 0050).
                  <p className="appt-row-meta appt-held-until">
                    {messages.appointmentHeldUntil.replace('{{fecha}}', formatInstant(r.reservada_hasta))}
                  </p>
                )}
              </div>
              <Button
                variant="secondary"
                onClick={() => setOpen(r.token)}
                aria-label={t('mine.viewDetailLabel', { date: formatLongDate(r.fecha), time: formatHour(r.hora) })}
              >
                {t('mine.viewDetail')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Pager pages={pages} list={rows} />
      <MyWaitlist />
      {open !== null && <MyAppointmentModal token={open} onClose={close} />}
    </div>
  );
}

function MyAppointmentModal({ token, onClose }: { token: string; onClose: () => void }) {
  const { t } = useTranslation('appointments');
  const messages = useMessages();
  const appointment = useMyAppointment(token);
  const cancel = useCancelMyAppointment();
  const [confirming, setConfirming] = useState(false);
  const [moving, setMoving] = useState(false);

  const doCancel = async () => {
    try {
      const result = await cancel.mutateAsync(token);
      setConfirming(false);
      void showAlert(translateMessage(result.message));
    } catch (error) {
      void showAlert(messageOf(error, messages.requestFailed));
    }
  };

  return (
    <Modal title={t('mine.modalTitle')} size="md" onClose={onClose}>
      <DetailState token={token} query={appointment} notFound={messages.noData} errorClassName="appt-error">
        {(a) => (
          <div className="appt-modal">
            <AppointmentDetails a={a} view="patient" />
            <div className="appt-actions">
              {a.estado !== 'cancelada' && (
                <a className="btn btn-secondary" href={appointmentIcsUrl(token)} download>
                  {t('mine.calendar')}
                </a>
              )}
              {a.reprogramable && !moving && !confirming && (
                <Button variant="secondary" onClick={() => setMoving(true)}>
                  {t('move.open')}
                </Button>
              )}
              {a.cancelable && !confirming && !moving && (
                <Button variant="danger" onClick={() => setConfirming(true)}>
                  {t('mine.cancel')}
                </Button>
              )}
            </div>
            {a.estado !== 'cancelada' && !a.cancelable && (
              <p className="appt-note">{messages.appointmentCancelTooLate}</p>
            )}
            {moving && (
              <Suspense fallback={<p className="appt-note">{messages.loading}</p>}>
                <RescheduleForm a={a} as="patient" onDone={() => setMoving(false)} onCancel={() => setMoving(false)} />
              </Suspense>
            )}
            {a.estado !== 'cancelada' && !a.reprogramable && a.asistencia === null && (
              <p className="appt-note">{messages.appointmentRescheduleTooLate}</p>
            )}
            {confirming && (
              <div className="appt-confirm" role="group" aria-labelledby="appt-confirm-text">
                <p id="appt-confirm-text">{messages.appointmentConfirmCancel}</p>
                <div className="appt-actions">
                  <Button variant="danger" busy={cancel.isPending} onClick={() => void doCancel()}>
                    {t('mine.confirmYes')}
                  </Button>
                  <Button variant="secondary" onClick={() => setConfirming(false)}>
                    {t('mine.confirmNo')}
                  </Button>
                </div>
              </div>
            )}
          </div>
        )}
      </DetailState>
    </Modal>
  );
}
