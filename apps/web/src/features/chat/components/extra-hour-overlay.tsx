import { Modal } from '../../../components/ui/modal.js';
import type { Service } from '@clinica/shared';
import { useTranslation } from '../../../lib/i18n.js';
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
  const { t } = useTranslation('chat');
  const payment = useExtraHourPayment({ paid: onPaid, receiptSent: onReceiptSent });
  return (
    <Modal title={t('extraHour.title')} size="lg" onClose={onDecline}>
      <p className="chat-note">{t('extraHour.text')}</p>
      <PaymentArea servicio={servicio} title={t('extraHour.paymentTitle')} {...payment} />
    </Modal>
  );
}
