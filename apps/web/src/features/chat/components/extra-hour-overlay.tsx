import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.js';
import { Button } from '../../../components/ui/button.js';
import { Modal } from '../../../components/ui/modal.js';
import type { Service } from '@clinica/shared';
import { useTranslation } from '../../../lib/i18n.js';
import { useExtraHourPayment } from '../hooks/use-extra-hour-payment.js';
import type { ChatPaymentArea } from './payment-area.js';

interface ExtraHourOverlayProps {
  PaymentArea: ChatPaymentArea;
  servicio: Service;
  /** Escape, a tap outside or the ×: the area is only hidden; the page offers to reopen it. */
  onHide: () => void;
  /** 'Terminar sin hora extra', confirmed: the chat time ends for good. */
  onDecline: () => void;
  declining?: boolean;
  onPaid: () => void;
  onReceiptSent: () => void;
}

/**
 * 'Área de Pagos': over the chat when the time is up; the same three methods as the consultation.
 * Closing it never declines (docs/spec/decisions.md: a stray tap must not end a paid consultation's time);
 * only the explicit, confirmed 'Terminar sin hora extra' does.
 */
export function ExtraHourOverlay({ PaymentArea, servicio, onHide, onDecline, declining, onPaid, onReceiptSent }: ExtraHourOverlayProps) {
  const { t } = useTranslation('chat');
  const payment = useExtraHourPayment({ paid: onPaid, receiptSent: onReceiptSent });
  const [confirming, setConfirming] = useState(false);
  if (confirming) {
    return (
      <ConfirmDialog
        title={t('extraHour.declineTitle')}
        text={t('extraHour.declineText')}
        confirmLabel={t('extraHour.declineConfirm')}
        danger
        busy={declining}
        onConfirm={onDecline}
        onCancel={() => setConfirming(false)}
      />
    );
  }
  return (
    <Modal title={t('extraHour.title')} size="lg" onClose={onHide}>
      <p className="chat-note">{t('extraHour.text')}</p>
      <PaymentArea servicio={servicio} title={t('extraHour.paymentTitle')} {...payment} />
      <div className="chat-decline">
        <Button variant="ghost" onClick={() => setConfirming(true)}>
          {t('extraHour.decline')}
        </Button>
      </div>
    </Modal>
  );
}
