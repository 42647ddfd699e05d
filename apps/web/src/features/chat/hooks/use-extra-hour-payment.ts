import { useQueryClient } from '@tanstack/react-query';
import { showAlert } from '../../../components/ui/alert-store.js';
import { useMessages } from '../../../lib/i18n.js';
import { useCaptureExtraHour } from '../api/capture-extra-hour.js';
import { useCreateExtraHourOrder } from '../api/create-extra-hour-order.js';
import { CHAT_STATE_KEY } from '../api/get-chat-state.js';
import { useSendExtraHourReceipt } from '../api/send-extra-hour-receipt.js';
import { useCreateExtraHourYappyOrder } from '../api/create-extra-hour-yappy-order.js';
import type { ChatPaymentAreaProps } from '../components/payment-area.js';

/**
 * The payment area's calls for an extra hour of the patient's chat: PayPal adds it at once;
 * so does Yappy's button once Yappy's notification reached the server (decision 0058); a transfer
 * or Yappy receipt waits for an administrator's approval.
 */
export function useExtraHourPayment(on: { paid?: () => void; receiptSent?: () => void } = {}): Omit<ChatPaymentAreaProps, 'servicio'> {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const createOrder = useCreateExtraHourOrder();
  const capture = useCaptureExtraHour();
  const sendReceipt = useSendExtraHourReceipt();
  const createYappyOrder = useCreateExtraHourYappyOrder();
  const added = async () => {
    await queryClient.invalidateQueries({ queryKey: CHAT_STATE_KEY });
    on.paid?.();
    // The specification's 'Todo se envió correctamente' with its final full stop belongs to this
    // second copy of the payment form, the 'Área de Pagos' (decision 0031); the hour it added follows.
    void showAlert(`${messages.allSentStop} ${messages.chatExtraHourAdded}`);
  };
  return {
    createPaypalOrder: (input) => createOrder.mutateAsync(input),
    capturePaypalOrder: async (input) => {
      await capture.mutateAsync(input);
      await added();
    },
    sendReceipt: async (input) => {
      await sendReceipt.mutateAsync(input);
      on.receiptSent?.();
      void showAlert(messages.chatExtraHourPending);
    },
    createYappyOrder: () => createYappyOrder.mutateAsync(),
    onYappyPaid: added,
  };
}
