/**
 * An appointment's state in words, the same for the patient, the doctor and the administrator
 * (issue 24, item 4, decision 0049). Pure: derived from what the row holds; the web passes the
 * catalogue in the page's language, the server the Spanish one.
 */
import type { MessageKey } from './messages.js';
import type { AppointmentState, CancelledBy } from './schemas/appointments.schema.js';
import type { NoShowStatus } from './schemas/no-show.schema.js';

export const APPOINTMENT_VIEW_STATES = ['solicitada', 'confirmada', 'reprogramada', 'cancelada', 'asistio', 'no_asistio'] as const;
export type AppointmentViewState = (typeof APPOINTMENT_VIEW_STATES)[number];

export const ATTENDANCE = ['asistio', 'no_asistio'] as const;
export type Attendance = (typeof ATTENDANCE)[number];

/** What the derivation needs from an appointment row. */
export interface AppointmentStateFields {
  estado: AppointmentState;
  /**
   * Moved at least once (reprogramada_at set). Not `secuencia > 0`: a cancellation raises the
   * sequence too, and a lapsed PayPal hold taken up again keeps it (decision 0049, session 10).
   */
  reprogramada: boolean;
  asistencia: Attendance | null;
  cancelada_por: CancelledBy | null;
}

/**
 * The state a person reads: cancelled wins, then what staff marked, then moved, confirmed or
 * requested. A moved appointment whose payment still waits reads 'Reprogramada' too (the lists
 * add the payment's own state beside it: 'Reprogramada · Pago en revisión').
 */
export function appointmentViewState(a: AppointmentStateFields): AppointmentViewState {
  if (a.estado === 'cancelada') return 'cancelada';
  if (a.asistencia) return a.asistencia;
  if (a.reprogramada) return 'reprogramada';
  return a.estado === 'confirmada' ? 'confirmada' : 'solicitada';
}

const CANCELLED_WORDS: Record<CancelledBy, MessageKey> = {
  paciente: 'appointmentStateCancelledPatient',
  administrador: 'appointmentStateCancelledClinic',
  pago_rechazado: 'appointmentStateCancelledPayment',
  reserva_vencida: 'appointmentStateCancelledHold',
};

const WORDS: Record<Exclude<AppointmentViewState, 'cancelada'>, MessageKey> = {
  solicitada: 'appointmentStateRequested',
  confirmada: 'appointmentStateConfirmed',
  reprogramada: 'appointmentStateRescheduled',
  asistio: 'appointmentStateAttended',
  no_asistio: 'appointmentStateNoShow',
};

/** The catalogue key of the words (cancelled: by whom). */
export function appointmentStateKey(a: AppointmentStateFields): MessageKey {
  const state = appointmentViewState(a);
  if (state === 'cancelada') return CANCELLED_WORDS[a.cancelada_por ?? 'administrador'];
  return WORDS[state];
}

/**
 * The words: 'Reprogramada', 'Cancelada por la clínica: <motivo>'. The reason is typed by staff
 * (or is the payment's rejection reason) and is shown as text, never as markup.
 */
export function appointmentStateText(m: Record<MessageKey, string>, a: AppointmentStateFields & { motivo_cancelacion?: string | null }) {
  const words = m[appointmentStateKey(a)];
  const motivo = a.estado === 'cancelada' ? a.motivo_cancelacion?.trim() : undefined;
  return motivo ? `${words}: ${motivo}` : words;
}

/**
 * A patient's no-shows in words for staff: '2 inasistencias' and, when the clinic has the policy,
 * whether the patient now books only with an immediate payment (decision 0049, session 10).
 */
export function noShowWords(m: Record<MessageKey, string>, s: NoShowStatus): { count: string; policy: string | null } {
  const count = s.inasistencias === 0 ? m.noShowCountNone : s.inasistencias === 1 ? m.noShowCountOne : m.noShowCountMany.replace('{{n}}', String(s.inasistencias));
  if (s.limite === 0) return { count, policy: null };
  return { count, policy: (s.solo_pago_inmediato ? m.noShowPrepayApplies : m.noShowPrepayNotYet).replace('{{limite}}', String(s.limite)) };
}
