import { useState, type FormEvent } from 'react';
import type { AppointmentDetail } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { messageOf } from '../../../lib/api-client.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { useRescheduleAppointment } from '../api/reschedule-appointment.js';
import { formatLongDate, formatSlot } from './format.js';
import { SlotPicker } from './slot-picker.js';

/**
 * Moves an appointment to another free hour of its doctor (decision 0049): the patient from
 * /Citas_usuario, an administrator from the appointment's details. The server decides; a refusal
 * (hour taken meanwhile, window passed) is said and the hours reload.
 */
export function RescheduleForm({ a, as, onDone, onCancel }: { a: AppointmentDetail; as: 'patient' | 'admin'; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation('appointments');
  const messages = useMessages();
  const move = useRescheduleAppointment();
  const [fecha, setFecha] = useState('');
  const [hora, setHora] = useState('');
  const [dateIssue, setDateIssue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (dateIssue) return setError(translateMessage(dateIssue));
    if (fecha === '' || hora === '') return setError(messages.missingFields);
    setError(null);
    try {
      const result = await move.mutateAsync({ token: a.token, as, fecha, hora });
      void showAlert(translateMessage(result.message));
      onDone();
    } catch (err) {
      setHora('');
      setError(messageOf(err, messages.requestFailed));
    }
  };

  return (
    <form className="appt-move" aria-labelledby="appt-move-title" onSubmit={(e) => void submit(e)} noValidate>
      <h3 id="appt-move-title">{t('move.title')}</h3>
      <p className="appt-note">{t('move.current', { date: formatLongDate(a.fecha), time: formatSlot(a.hora) })}</p>
      <p className="appt-note">{t('move.note')}</p>
      <SlotPicker
        doctorId={a.id_doctor}
        fecha={fecha}
        onFecha={(f) => {
          setFecha(f);
          setHora('');
          setError(null);
        }}
        dateError={dateIssue ? translateMessage(dateIssue) : null}
        onDateIssue={setDateIssue}
        hourSelect={{
          value: hora,
          onChange: (e) => {
            setHora(e.target.value);
            setError(null);
          },
        }}
        except={{ fecha: a.fecha, hora: a.hora }}
      />
      {error && (
        <p className="appt-error" role="alert">
          {error}
        </p>
      )}
      <div className="appt-actions">
        <Button type="submit" busy={move.isPending}>
          {t('move.confirm')}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t('move.back')}
        </Button>
      </div>
    </form>
  );
}
