import { describe, expect, it } from 'vitest';
import { appointmentStateText, appointmentViewState, noShowWords } from './appointment-state.js';
import { messages } from './messages.js';

// One function names an appointment's state for the three roles (issue 24, decision 0049).
const base = { estado: 'confirmada' as const, reprogramada: false, asistencia: null, cancelada_por: null, motivo_cancelacion: null };

describe('appointment state in words', () => {
  it('requested, confirmed, rescheduled, attended, did not attend', () => {
    expect(appointmentStateText(messages, { ...base, estado: 'pendiente' })).toBe('Solicitada');
    expect(appointmentStateText(messages, { ...base, estado: 'reservada' })).toBe('Solicitada');
    expect(appointmentStateText(messages, base)).toBe('Confirmada');
    expect(appointmentStateText(messages, { ...base, reprogramada: true })).toBe('Reprogramada');
    // A moved request whose receipt still waits reads as moved (session 10); the lists add 'Pago en revisión' beside it.
    expect(appointmentViewState({ ...base, estado: 'pendiente', reprogramada: true })).toBe('reprogramada');
    expect(appointmentStateText(messages, { ...base, estado: 'pendiente', reprogramada: true })).toBe('Reprogramada');
    expect(appointmentStateText(messages, { ...base, reprogramada: true, asistencia: 'asistio' })).toBe('Asistió');
    expect(appointmentStateText(messages, { ...base, estado: 'cancelada', cancelada_por: 'paciente', reprogramada: true })).toBe('Cancelada por el paciente');
    expect(appointmentStateText(messages, { ...base, asistencia: 'no_asistio' })).toBe('No asistió');
  });

  it('cancelled says by whom, and why when there is a reason', () => {
    const cancelled = { ...base, estado: 'cancelada' as const };
    expect(appointmentStateText(messages, { ...cancelled, cancelada_por: 'paciente' })).toBe('Cancelada por el paciente');
    expect(appointmentStateText(messages, { ...cancelled, cancelada_por: 'administrador', motivo_cancelacion: ' El médico está de viaje ' })).toBe(
      'Cancelada por la clínica: El médico está de viaje',
    );
    expect(appointmentStateText(messages, { ...cancelled, cancelada_por: 'pago_rechazado', motivo_cancelacion: 'Comprobante ilegible' })).toBe(
      'Cancelada porque se rechazó el pago: Comprobante ilegible',
    );
    expect(appointmentStateText(messages, { ...cancelled, cancelada_por: 'reserva_vencida' })).toBe('Cancelada porque el pago no se completó a tiempo');
    // One colon, never two: no cancellation's words carry their own before the reason is added.
    for (const cancelada_por of ['paciente', 'administrador', 'pago_rechazado', 'reserva_vencida'] as const) {
      const text = appointmentStateText(messages, { ...cancelled, cancelada_por, motivo_cancelacion: 'Motivo' });
      expect(text.split(':')).toHaveLength(2);
    }
  });
});

describe('a patient\'s no-shows in words (session 10)', () => {
  it('counts in words and says whether the prepay policy applies now', () => {
    expect(noShowWords(messages, { inasistencias: 0, limite: 2, solo_pago_inmediato: false })).toEqual({
      count: 'Sin inasistencias',
      policy: 'Puede reservar con cualquier método de pago; el pago inmediato se exige desde 2 inasistencias.',
    });
    expect(noShowWords(messages, { inasistencias: 1, limite: 2, solo_pago_inmediato: false }).count).toBe('1 inasistencia');
    expect(noShowWords(messages, { inasistencias: 2, limite: 2, solo_pago_inmediato: true })).toEqual({
      count: '2 inasistencias',
      policy: 'Solo puede reservar con pago inmediato (PayPal o tarjeta): la clínica lo exige desde 2 inasistencias.',
    });
    // No policy configured (0): the count alone.
    expect(noShowWords(messages, { inasistencias: 5, limite: 0, solo_pago_inmediato: false })).toEqual({ count: '5 inasistencias', policy: null });
  });
});
