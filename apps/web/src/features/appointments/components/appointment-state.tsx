import { appointmentStateText, appointmentViewState, type AppointmentStateFields } from '@clinica/shared';
import { useMessages } from '../../../lib/i18n.js';

/**
 * An appointment's state in words, the same for the patient, the doctor and the administrator
 * (decision 0049): requested, confirmed, rescheduled, cancelled by whom (and why, with
 * `withReason`), attended, did not attend.
 */
export function AppointmentStateText({ a, withReason = false }: { a: AppointmentStateFields & { motivo_cancelacion: string | null }; withReason?: boolean }) {
  const m = useMessages();
  const state = appointmentViewState(a);
  return (
    <span className={`appt-state appt-state-${state}`} data-estado={state}>
      {appointmentStateText(m, withReason ? a : { ...a, motivo_cancelacion: null })}
    </span>
  );
}
