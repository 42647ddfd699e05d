import {
  PAYMENT_VIEW_LABELS,
  consultationStateText,
  type ConsultationState,
  type PaymentViewState,
} from '@clinica/shared';
import { useMessages } from '../../lib/i18n.js';
import './consultation-state.css';

/** The state fields every consultation answer carries (issue 20, decision 0031). */
export interface ConsultationStateFields {
  estado: ConsultationState;
  estado_tipo: 'A' | 'B' | null;
  motivo_rechazo: string | null;
  tiempo_restante: number | null;
  estado_pago_vista: PaymentViewState;
}

const TONE: Record<ConsultationState, 'ok' | 'wait' | 'bad' | 'done'> = {
  solicitada: 'wait',
  pago_en_revision: 'wait',
  autorizada: 'ok',
  en_chat: 'ok',
  tiempo_agotado: 'done',
  hora_extra_en_revision: 'wait',
  cerrada: 'done',
  referida_hospital: 'bad',
  pago_rechazado: 'bad',
  reembolso_pendiente: 'wait',
  reembolsada: 'done',
};

const PAYMENT_TONE: Record<PaymentViewState, 'ok' | 'wait' | 'bad' | 'done'> = {
  aprobado: 'ok',
  en_revision: 'wait',
  rechazado: 'bad',
  reembolso_pendiente: 'wait',
  reembolsado: 'done',
};

/**
 * A consultation's state in words a person understands (the catalogue's, in the page's language),
 * with the reason of a rejected payment, the type of an authorisation or the time left in chat.
 * The one piece every list and modal uses (patient, doctor, administrator).
 */
export function ConsultationStateText({ state }: { state: ConsultationStateFields }) {
  const m = useMessages();
  return (
    <span className={`consultation-state consultation-state-${TONE[state.estado]}`} data-estado={state.estado}>
      {consultationStateText(m, { estado: state.estado, tipo: state.estado_tipo, motivo_rechazo: state.motivo_rechazo, tiempo_restante: state.tiempo_restante })}
    </span>
  );
}

/** States whose words already say what the payment's would (a list shows them once). */
const SAYS_THE_PAYMENT: ConsultationState[] = ['pago_en_revision', 'pago_rechazado', 'reembolso_pendiente', 'reembolsada'];

/** A list's cell: the state, then the payment's state unless the state already says it. */
export function ConsultationAndPaymentState({ state }: { state: ConsultationStateFields }) {
  return (
    <>
      <ConsultationStateText state={state} />
      {!SAYS_THE_PAYMENT.includes(state.estado) && <PaymentStateText state={state} />}
    </>
  );
}

/** The consultation's payment as staff see it: approved, under review, rejected (reason), refund due, refunded. */
export function PaymentStateText({ state }: { state: ConsultationStateFields }) {
  const m = useMessages();
  const label = m[PAYMENT_VIEW_LABELS[state.estado_pago_vista]];
  const text = state.estado_pago_vista === 'rechazado' && state.motivo_rechazo ? `${label}: ${state.motivo_rechazo}` : label;
  return (
    <span className={`consultation-state consultation-state-${PAYMENT_TONE[state.estado_pago_vista]}`} data-pago={state.estado_pago_vista}>
      {text}
    </span>
  );
}
