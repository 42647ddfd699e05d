import { describe, expect, it } from 'vitest';
import { appointmentStateText, appointmentViewState } from './appointment-state.js';
import { messages } from './messages.js';

// One function names an appointment's state for the three roles (issue 24, decision 0049).
const base = { estado: 'confirmada' as const, secuencia: 0, asistencia: null, cancelada_por: null, motivo_cancelacion: null };

describe('appointment state in words', () => {
  it('requested, confirmed, rescheduled, attended, did not attend', () => {
    expect(appointmentStateText(messages, { ...base, estado: 'pendiente' })).toBe('Solicitada');
    expect(appointmentStateText(messages, { ...base, estado: 'reservada' })).toBe('Solicitada');
    expect(appointmentStateText(messages, base)).toBe('Confirmada');
    expect(appointmentStateText(messages, { ...base, secuencia: 2 })).toBe('Reprogramada');
    // A moved request still waits for its payment: requested says what matters.
    expect(appointmentViewState({ ...base, estado: 'pendiente', secuencia: 1 })).toBe('solicitada');
    expect(appointmentStateText(messages, { ...base, secuencia: 1, asistencia: 'asistio' })).toBe('Asistió');
    expect(appointmentStateText(messages, { ...base, asistencia: 'no_asistio' })).toBe('No asistió');
  });

  it('cancelled says by whom, and why when there is a reason', () => {
    const cancelled = { ...base, estado: 'cancelada' as const };
    expect(appointmentStateText(messages, { ...cancelled, cancelada_por: 'paciente' })).toBe('Cancelada por el paciente');
    expect(appointmentStateText(messages, { ...cancelled, cancelada_por: 'administrador', motivo_cancelacion: ' El médico está de viaje ' })).toBe(
      'Cancelada por la clínica: El médico está de viaje',
    );
    expect(appointmentStateText(messages, { ...cancelled, cancelada_por: 'pago_rechazado', motivo_cancelacion: 'Comprobante ilegible' })).toBe(
      'Cancelada: el pago fue rechazado: Comprobante ilegible',
    );
    expect(appointmentStateText(messages, { ...cancelled, cancelada_por: 'reserva_vencida' })).toBe('Cancelada: el pago no se completó a tiempo');
  });
});
