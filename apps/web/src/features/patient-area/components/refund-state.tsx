import { formatDate, type MessageKey, type ReceiptRefund, type RefundReason } from '@clinica/shared';
import { useMessages } from '../../../lib/i18n.js';

/** Why the payment is owed back, in the catalogue's words. */
export const REFUND_REASON_MESSAGES: Record<RefundReason, MessageKey> = {
  cita_cancelada_paciente: 'refundReasonAppointmentPatient',
  cita_cancelada_clinica: 'refundReasonAppointmentClinic',
  consulta_sin_permiso: 'refundReasonConsultationRejected',
  consulta_tipo_c: 'refundReasonConsultationTipoC',
  hora_extra_no_usada: 'refundReasonExtraHourUnused',
  reserva_vencida: 'refundReasonHoldExpired',
  yappy_pago_tardio: 'refundReasonYappyLate',
};

/** Day, month name and year in Panama: the shared date format (decision 0044). */
export const longDate = (lng: string, iso: string) => formatDate(iso, lng);

/** The refund's state ('Reembolso pendiente' / 'Reembolsado'), and what it means for the patient. */
export function RefundState({ refund, lng }: { refund: ReceiptRefund; lng: string }) {
  const messages = useMessages();
  const done = refund.estado === 'reembolsado';
  return (
    <span className={`patient-refund patient-refund-${refund.estado}`}>
      <strong className="patient-state">{done ? messages.refundDone : messages.refundPending}</strong>
      <span className="patient-refund-note">
        {messages[REFUND_REASON_MESSAGES[refund.motivo]]}.{' '}
        {done && refund.fecha
          ? messages.refundDoneOn.replace('{{fecha}}', longDate(lng, refund.fecha)).replace('{{referencia}}', refund.referencia ?? '—')
          : messages.refundPendingExplained}
      </span>
    </span>
  );
}
