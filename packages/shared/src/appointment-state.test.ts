import { describe, expect, it } from 'vitest';
import { appointmentStateText, appointmentViewState } from './appointment-state.js';
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
