import { Modal } from '../../../components/ui/modal.js';
import type { Service } from '@clinica/shared';
import { useExtraHourPayment } from '../hooks/use-extra-hour-payment.js';
import type { ChatPaymentArea } from './payment-area.js';

interface ExtraHourOverlayProps {
  PaymentArea: ChatPaymentArea;
  servicio: Service;
  /** Closed without paying (the chat time ends). */
  onDecline: () => void;
  onPaid: () => void;
  onReceiptSent: () => void;
}

/** 'Área de Pagos': over the chat when the time is up; the same three methods as the consultation. */
export function ExtraHourOverlay({ PaymentArea, servicio, onDecline, onPaid, onReceiptSent }: ExtraHourOverlayProps) {
  const payment = useExtraHourPayment({ paid: onPaid, receiptSent: onReceiptSent });
  return (
    <Modal title="Área de Pagos" size="lg" onClose={onDecline}>
      <p className="chat-note">
        Se acabó la hora de su consulta. Para seguir conversando con su médico, pague una hora adicional. Si cierra esta ventana sin pagar, el
        chat de esta consulta termina.
      </p>
      <PaymentArea servicio={servicio} title="Hora adicional de chat" {...payment} />
    </Modal>
  );
}
