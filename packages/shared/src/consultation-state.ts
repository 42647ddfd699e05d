/**
 * The one state machine of a virtual consultation (issue 20, docs/decisions/0031). Pure: the
 * server derives the state from what the database holds and checks every transition here before
 * it writes; the web shows the same states with the same catalogue words.
 */
import { messages, type MessageKey } from './messages.js';
import type { RefundState } from './schemas/payments.schema.js';

export const CONSULTATION_STATES = [
  'solicitada',
  'pago_en_revision',
  'autorizada',
  'en_chat',
  'tiempo_agotado',
  'hora_extra_en_revision',
  'cerrada',
  'referida_hospital',
  'pago_rechazado',
  'reembolso_pendiente',
  'reembolsada',
] as const;
export type ConsultationState = (typeof CONSULTATION_STATES)[number];

/** A payment's refund, as the refunds work (issue 20, item 6) records it on the payment. */
/** The refund of the consultation's payment, if any (payments.reembolso_estado, decision 0035). */
export type ConsultationRefund = RefundState | null;

/** What the database holds about a consultation, all the derivation needs. */
export interface ConsultationSnapshot {
  tipo_de_consulta: 'quitar_permiso' | 'tipo_a' | 'tipo_b' | 'tipo_c' | null;
  estado_consulta: number;
  permiso_chat: boolean;
  pago: { estado: 'pendiente' | 'aprobado' | 'rechazado'; motivo_rechazo: string | null };
  refund: ConsultationRefund;
  /** The chat room (modules/chat): null until the patient first joined the chat. */
  room: { ends_at: Date; time_closed_at: Date | null; closed_at: Date | null } | null;
  /** An extra hour whose transfer or Yappy receipt waits for an administrator. */
  extra_hour_pending: boolean;
}

export interface DerivedState {
  estado: ConsultationState;
  /** Authorised consultations: the administrator's type (null: authorised by PayPal, not classified). */
  tipo: 'A' | 'B' | null;
  /** The reason of a rejected payment. */
  motivo_rechazo: string | null;
  /** Seconds of chat left while in chat; null otherwise. */
  tiempo_restante: number | null;
  /** The patient declined the extra hour: the chat time ended for good. */
  tiempo_cerrado: boolean;
}

/**
 * The state of a consultation at `now` (ms). The order matters: money decides first (a refund,
 * a rejected payment), then the administrator's emergency referral, then a closed consultation,
 * then the payment under review, the permission, and last the chat's own clock.
 */
export function consultationStateOf(s: ConsultationSnapshot, now: number): DerivedState {
  const base = { tipo: null, motivo_rechazo: null, tiempo_restante: null, tiempo_cerrado: s.room?.time_closed_at != null };
  const tipo = s.tipo_de_consulta === 'tipo_a' ? 'A' : s.tipo_de_consulta === 'tipo_b' ? 'B' : null;
  // A referral is what the patient must read first (go to a hospital); its refund shows in the payment's state.
  if (s.tipo_de_consulta === 'tipo_c' && s.pago.estado !== 'rechazado') return { ...base, estado: 'referida_hospital' };
  if (s.refund === 'reembolsado') return { ...base, estado: 'reembolsada' };
  if (s.refund === 'pendiente') return { ...base, estado: 'reembolso_pendiente' };
  if (s.pago.estado === 'rechazado') return { ...base, estado: 'pago_rechazado', motivo_rechazo: s.pago.motivo_rechazo };
  if (s.estado_consulta === 0 || s.room?.closed_at) return { ...base, estado: 'cerrada' };
  if (s.pago.estado === 'pendiente') return { ...base, estado: 'pago_en_revision' };
  // Approved but without the permission: 'Quitar Permiso' sends it back to waiting for an authorisation.
  if (!s.permiso_chat) return { ...base, estado: 'solicitada' };
  if (!s.room) return { ...base, estado: 'autorizada', tipo };
  const left = Math.max(0, Math.ceil((s.room.ends_at.getTime() - now) / 1000));
  if (left > 0 && !s.room.time_closed_at) return { ...base, estado: 'en_chat', tipo, tiempo_restante: left };
  if (s.extra_hour_pending && !s.room.time_closed_at) return { ...base, estado: 'hora_extra_en_revision', tipo };
  return { ...base, estado: 'tiempo_agotado', tipo };
}

/** Everything the product does to a consultation. */
export const CONSULTATION_EVENTS = [
  /** An administrator rejects the consultation's transfer or Yappy receipt. */
  'rechazar_pago',
  /** An administrator classifies it (tipo_a / tipo_b also approve a pending payment). */
  'clasificar_a',
  'clasificar_b',
  'clasificar_c',
  'quitar_permiso',
  /** An administrator sets estado_consulta 0. */
  'cerrar',
  /** The patient's socket first joins: the hour starts. */
  'abrir_chat',
  /** The hour ran out (the clock: nothing is written). */
  'agotar_tiempo',
  /** An extra hour's receipt was sent (it waits for an administrator). */
  'enviar_recibo_hora_extra',
  /** An extra hour paid by PayPal (applied at once) or approved by an administrator. */
  'aprobar_hora_extra',
  /** An administrator rejects an extra hour's receipt. */
  'rechazar_hora_extra',
  /** The patient declines the extra hour: the chat time ends for good. */
  'declinar_hora_extra',
  /** The patient leaves the chat: the consultation closes. */
  'salir',
] as const;
export type ConsultationEvent = (typeof CONSULTATION_EVENTS)[number];

type Edges = Partial<Record<ConsultationState, ConsultationState>>;
const same = (...states: ConsultationState[]): Edges => Object.fromEntries(states.map((s) => [s, s]));
const to = (target: ConsultationState, ...states: ConsultationState[]): Edges =>
  Object.fromEntries(states.map((s) => [s, target]));

/** The open states of a consultation whose chat was authorised at least once. */
const CHAT_STATES: ConsultationState[] = ['en_chat', 'tiempo_agotado', 'hora_extra_en_revision'];

/**
 * Every legal transition: event -> (from -> to). Anything not listed is refused. A reclassification
 * as A or B keeps a running chat where it is; the targets of the chat's events are what the
 * derivation gives right after the write.
 */
export const CONSULTATION_TRANSITIONS: Record<ConsultationEvent, Edges> = {
  // A receipt still under review may be refused even after the consultation was referred or closed.
  // A receipt under review that is owed back may still be refused: the refund is then not due (0035).
  rechazar_pago: to('pago_rechazado', 'pago_en_revision', 'referida_hospital', 'cerrada', 'reembolso_pendiente'),
  // Authorising after all withdraws a refund not yet made (a refund made refuses it: 'reembolsada').
  clasificar_a: { ...to('autorizada', 'pago_en_revision', 'solicitada', 'autorizada', 'reembolso_pendiente'), ...same(...CHAT_STATES) },
  clasificar_b: { ...to('autorizada', 'pago_en_revision', 'solicitada', 'autorizada', 'reembolso_pendiente'), ...same(...CHAT_STATES) },
  clasificar_c: to('referida_hospital', 'pago_en_revision', 'solicitada', 'autorizada', 'referida_hospital', ...CHAT_STATES),
  // Before the chat ever opened, a removed permission means the consultation will not happen: its
  // payment is owed back (decision 0035). After it opened, the patient waits for a new authorisation.
  quitar_permiso: { ...to('reembolso_pendiente', 'pago_en_revision', 'solicitada', 'autorizada'), ...to('solicitada', ...CHAT_STATES) },
  // A referral stays what the patient sees when it is also closed (its money is what matters next).
  cerrar: { ...to('cerrada', 'pago_en_revision', 'solicitada', 'autorizada', ...CHAT_STATES), ...same('referida_hospital') },
  // A second socket joining at the same moment finds the room open already: nothing changes.
  abrir_chat: to('en_chat', 'autorizada', 'en_chat'),
  agotar_tiempo: to('tiempo_agotado', 'en_chat'),
  enviar_recibo_hora_extra: { ...same('en_chat', 'hora_extra_en_revision'), ...to('hora_extra_en_revision', 'tiempo_agotado') },
  aprobar_hora_extra: to('en_chat', ...CHAT_STATES),
  // A receipt can always be refused while the consultation is open or closed: refusing to record
  // a rejection would leave the patient's money in limbo.
  rechazar_hora_extra: { ...same('en_chat', 'tiempo_agotado', 'cerrada', 'solicitada'), ...to('tiempo_agotado', 'hora_extra_en_revision') },
  // Declining while an extra hour's receipt waits ends the time too; that hour is then owed back (0035).
  declinar_hora_extra: to('tiempo_agotado', 'en_chat', 'tiempo_agotado', 'hora_extra_en_revision'),
  salir: to('cerrada', 'autorizada', ...CHAT_STATES),
};

/** Events that buy or add chat time: refused once the patient declined the extra hour. */
const BUYS_TIME: ConsultationEvent[] = ['enviar_recibo_hora_extra', 'aprobar_hora_extra'];
const CLASSIFIES: ConsultationEvent[] = ['clasificar_a', 'clasificar_b', 'clasificar_c', 'quitar_permiso', 'cerrar'];

/** The catalogue message that says why `event` cannot happen in `from`. */
function refusal(from: DerivedState, event: ConsultationEvent): string {
  const byAdmin = CLASSIFIES.includes(event) || event === 'rechazar_pago';
  switch (from.estado) {
    case 'pago_rechazado':
      return event === 'clasificar_a' || event === 'clasificar_b' ? messages.paymentRejectedCannotAuthorise : messages.transitionPaymentRejected;
    case 'reembolso_pendiente':
    case 'reembolsada':
      return messages.transitionRefund;
    case 'referida_hospital':
      return messages.transitionReferred;
    case 'cerrada':
      return byAdmin ? messages.transitionClosed : messages.chatClosed;
    case 'pago_en_revision':
    case 'solicitada':
      return event === 'rechazar_pago' ? messages.paymentNotPending : messages.transitionNotAuthorised;
    case 'autorizada':
      return event === 'rechazar_pago' ? messages.paymentNotPending : messages.chatNotStarted;
    case 'hora_extra_en_revision':
      return event === 'declinar_hora_extra' ? messages.transitionExtraHourPending : messages.paymentNotPending;
    case 'en_chat':
    case 'tiempo_agotado':
      return event === 'rechazar_pago' ? messages.paymentNotPending : messages.transitionNotAllowed;
  }
}

export type TransitionResult =
  | { ok: true; from: ConsultationState; to: ConsultationState }
  | { ok: false; from: ConsultationState; message: string };

/** Whether `event` may happen to a consultation in state `from`, and the state it leads to. */
export function consultationTransition(from: DerivedState, event: ConsultationEvent): TransitionResult {
  if (BUYS_TIME.includes(event) && from.tiempo_cerrado && from.estado !== 'cerrada') {
    return { ok: false, from: from.estado, message: messages.chatTimeClosed };
  }
  const target = CONSULTATION_TRANSITIONS[event][from.estado];
  if (!target) return { ok: false, from: from.estado, message: refusal(from, event) };
  return { ok: true, from: from.estado, to: target };
}

/** The catalogue key of each state's words (the web translates them through the catalogue). */
export const CONSULTATION_STATE_LABELS: Record<ConsultationState, MessageKey> = {
  solicitada: 'stateRequested',
  pago_en_revision: 'statePaymentReview',
  autorizada: 'stateAuthorised',
  en_chat: 'stateInChat',
  tiempo_agotado: 'stateTimeUsedUp',
  hora_extra_en_revision: 'stateExtraHourReview',
  cerrada: 'stateClosed',
  referida_hospital: 'stateReferred',
  pago_rechazado: 'statePaymentRejected',
  reembolso_pendiente: 'stateRefundDue',
  reembolsada: 'stateRefunded',
};

/** What a doctor sees of a consultation's payment (issue 20, item 7). */
export const PAYMENT_VIEW_STATES = ['aprobado', 'en_revision', 'rechazado', 'reembolso_pendiente', 'reembolsado'] as const;
export type PaymentViewState = (typeof PAYMENT_VIEW_STATES)[number];

export function paymentViewStateOf(pago: { estado: 'pendiente' | 'aprobado' | 'rechazado' }, refund: ConsultationRefund): PaymentViewState {
  if (refund === 'reembolsado') return 'reembolsado';
  if (refund === 'pendiente') return 'reembolso_pendiente';
  if (pago.estado === 'rechazado') return 'rechazado';
  return pago.estado === 'aprobado' ? 'aprobado' : 'en_revision';
}

export const PAYMENT_VIEW_LABELS: Record<PaymentViewState, MessageKey> = {
  aprobado: 'paymentViewApproved',
  en_revision: 'statePaymentReview',
  rechazado: 'statePaymentRejected',
  reembolso_pendiente: 'stateRefundDue',
  reembolsado: 'paymentViewRefunded',
};

/** Minutes and seconds (mm:ss) of a time left, as the chat's countdown shows it. */
export const formatTimeLeft = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * The words of a state in the catalogue `m` (Spanish, or the web's translated catalogue): the
 * label, plus the reason of a rejection, the type of an authorisation or the time left in chat.
 */
export function consultationStateText(
  m: Record<MessageKey, string>,
  s: { estado: ConsultationState; tipo?: 'A' | 'B' | null; motivo_rechazo?: string | null; tiempo_restante?: number | null },
): string {
  const label = m[CONSULTATION_STATE_LABELS[s.estado]];
  if (s.estado === 'pago_rechazado' && s.motivo_rechazo) return `${label}: ${s.motivo_rechazo}`;
  if (s.estado === 'autorizada' && s.tipo) return `${label} (${m.stateType} ${s.tipo})`;
  if (s.estado === 'en_chat' && s.tiempo_restante != null) return `${label}: ${m.stateTimeLeft} ${formatTimeLeft(s.tiempo_restante)}`;
  return label;
}
