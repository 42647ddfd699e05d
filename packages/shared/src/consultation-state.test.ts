import { describe, expect, it } from 'vitest';
import {
  CONSULTATION_EVENTS,
  CONSULTATION_STATES,
  CONSULTATION_STATE_LABELS,
  CONSULTATION_TRANSITIONS,
  consultationStateOf,
  consultationStateText,
  consultationTransition,
  paymentViewStateOf,
  type ConsultationSnapshot,
  type ConsultationState,
  type DerivedState,
} from './consultation-state.js';
import { messages } from './messages.js';

const NOW = Date.parse('2026-11-26T15:00:00Z');
const at = (deltaS: number) => new Date(NOW + deltaS * 1000);

/** A transfer consultation just requested: payment under review, no room. */
const base: ConsultationSnapshot = {
  tipo_de_consulta: null,
  estado_consulta: 1,
  permiso_chat: false,
  pago: { estado: 'pendiente', motivo_rechazo: null },
  refund: null,
  room: null,
  extra_hour_pending: false,
};
const approved = { ...base, pago: { estado: 'aprobado' as const, motivo_rechazo: null }, permiso_chat: true, tipo_de_consulta: 'tipo_a' as const };
const room = (endsIn: number, over: Partial<NonNullable<ConsultationSnapshot['room']>> = {}) => ({
  ends_at: at(endsIn),
  time_closed_at: null,
  closed_at: null,
  ...over,
});

/** One snapshot of the database for each state. */
const SNAPSHOTS: Record<ConsultationState, ConsultationSnapshot> = {
  solicitada: { ...approved, permiso_chat: false, tipo_de_consulta: 'quitar_permiso' },
  pago_en_revision: base,
  autorizada: approved,
  en_chat: { ...approved, room: room(1200) },
  tiempo_agotado: { ...approved, room: room(-5) },
  hora_extra_en_revision: { ...approved, room: room(-5), extra_hour_pending: true },
  cerrada: { ...approved, estado_consulta: 0, room: room(-5, { closed_at: at(-5) }) },
  referida_hospital: { ...base, tipo_de_consulta: 'tipo_c' },
  pago_rechazado: { ...base, pago: { estado: 'rechazado', motivo_rechazo: 'El monto no coincide' } },
  // 'Quitar Permiso' before the chat opened: the payment is owed back (decision 0035).
  reembolso_pendiente: { ...approved, permiso_chat: false, tipo_de_consulta: 'quitar_permiso', refund: 'pendiente' },
  reembolsada: { ...approved, permiso_chat: false, tipo_de_consulta: 'quitar_permiso', refund: 'reembolsado' },
};

describe('consultationStateOf: the state derived from the database', () => {
  it.each(CONSULTATION_STATES)('%s', (state) => {
    expect(consultationStateOf(SNAPSHOTS[state], NOW).estado).toBe(state);
  });

  it('carries the reason of a rejected payment, the type of an authorisation and the seconds left in chat', () => {
    expect(consultationStateOf(SNAPSHOTS.pago_rechazado, NOW).motivo_rechazo).toBe('El monto no coincide');
    expect(consultationStateOf({ ...approved, tipo_de_consulta: 'tipo_b' }, NOW).tipo).toBe('B');
    expect(consultationStateOf({ ...approved, tipo_de_consulta: null }, NOW)).toMatchObject({ estado: 'autorizada', tipo: null });
    expect(consultationStateOf(SNAPSHOTS.en_chat, NOW).tiempo_restante).toBe(1200);
    expect(consultationStateOf(SNAPSHOTS.tiempo_agotado, NOW).tiempo_restante).toBeNull();
  });

  it('a declined extra hour is time used up for good, even with a receipt pending', () => {
    const declined = { ...approved, room: room(0, { time_closed_at: at(-1) }), extra_hour_pending: true };
    expect(consultationStateOf(declined, NOW)).toMatchObject({ estado: 'tiempo_agotado', tiempo_cerrado: true });
  });

  it('money decides first: a refund over a referral, a rejection over a closed consultation', () => {
    expect(consultationStateOf({ ...SNAPSHOTS.cerrada, refund: 'pendiente' }, NOW).estado).toBe('reembolso_pendiente');
    // A referral owed back still tells the patient to go to a hospital first; the money shows in the payment's state.
    expect(consultationStateOf({ ...SNAPSHOTS.referida_hospital, pago: { estado: 'aprobado', motivo_rechazo: null }, refund: 'pendiente' }, NOW).estado).toBe('referida_hospital');
    expect(consultationStateOf({ ...SNAPSHOTS.pago_rechazado, estado_consulta: 0 }, NOW).estado).toBe('pago_rechazado');
  });
});

describe('consultationTransition: every event from every state (table-driven)', () => {
  const derived = (state: ConsultationState): DerivedState => consultationStateOf(SNAPSHOTS[state], NOW);
  const cases = CONSULTATION_EVENTS.flatMap((event) => CONSULTATION_STATES.map((state) => [event, state] as const));

  it.each(cases.filter(([e, s]) => CONSULTATION_TRANSITIONS[e][s]))('legal: %s from %s', (event, state) => {
    const result = consultationTransition(derived(state), event);
    expect(result).toEqual({ ok: true, from: state, to: CONSULTATION_TRANSITIONS[event][state] });
  });

  it.each(cases.filter(([e, s]) => !CONSULTATION_TRANSITIONS[e][s]))('refused: %s from %s', (event, state) => {
    const result = consultationTransition(derived(state), event);
    expect(result.ok).toBe(false);
    // A catalogue message, never an empty or internal text.
    if (!result.ok) expect(Object.values(messages)).toContain(result.message);
  });

  it('the examples of the issue are refused with their reason', () => {
    expect(consultationTransition(derived('pago_rechazado'), 'clasificar_a')).toMatchObject({ ok: false, message: messages.paymentRejectedCannotAuthorise });
    expect(consultationTransition(derived('cerrada'), 'abrir_chat')).toMatchObject({ ok: false, message: messages.chatClosed });
    expect(consultationTransition(derived('cerrada'), 'aprobar_hora_extra')).toMatchObject({ ok: false, message: messages.chatClosed });
    expect(consultationTransition(derived('referida_hospital'), 'abrir_chat')).toMatchObject({ ok: false, message: messages.transitionReferred });
    // Declining while the extra hour's receipt waits is allowed: the time ends, that hour is owed back (0035).
    expect(consultationTransition(derived('hora_extra_en_revision'), 'declinar_hora_extra')).toMatchObject({ ok: true, to: 'tiempo_agotado' });
  });

  it('after the extra hour was declined no hour can be bought or approved', () => {
    const declined = consultationStateOf({ ...approved, room: room(0, { time_closed_at: at(-1) }) }, NOW);
    expect(consultationTransition(declined, 'enviar_recibo_hora_extra')).toMatchObject({ ok: false, message: messages.chatTimeClosed });
    expect(consultationTransition(declined, 'aprobar_hora_extra')).toMatchObject({ ok: false, message: messages.chatTimeClosed });
    expect(consultationTransition(declined, 'salir')).toMatchObject({ ok: true, to: 'cerrada' });
  });

  it('every target is a state the derivation can produce', () => {
    for (const edges of Object.values(CONSULTATION_TRANSITIONS)) for (const target of Object.values(edges)) expect(CONSULTATION_STATES).toContain(target);
  });
});

describe('the words', () => {
  it('every state has catalogue words, with its reason, type or time left', () => {
    for (const state of CONSULTATION_STATES) expect(messages[CONSULTATION_STATE_LABELS[state]]).toBeTruthy();
    expect(consultationStateText(messages, { estado: 'pago_rechazado', motivo_rechazo: 'Comprobante ilegible' })).toBe('Pago rechazado: Comprobante ilegible');
    expect(consultationStateText(messages, { estado: 'autorizada', tipo: 'B' })).toBe('Autorizada (tipo B)');
    expect(consultationStateText(messages, { estado: 'en_chat', tiempo_restante: 3000 })).toBe('En chat: tiempo restante 50:00');
  });

  it('the payment as a doctor sees it', () => {
    expect(paymentViewStateOf({ estado: 'pendiente' }, null)).toBe('en_revision');
    expect(paymentViewStateOf({ estado: 'aprobado' }, null)).toBe('aprobado');
    expect(paymentViewStateOf({ estado: 'rechazado' }, null)).toBe('rechazado');
    expect(paymentViewStateOf({ estado: 'aprobado' }, 'pendiente')).toBe('reembolso_pendiente');
    expect(paymentViewStateOf({ estado: 'aprobado' }, 'reembolsado')).toBe('reembolsado');
  });
});
