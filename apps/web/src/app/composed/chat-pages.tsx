import { ChatConsultationPage as ChatPage } from '../../features/chat/components/chat-consultation-page.js';
import { ExtraHourPaymentPage } from '../../features/chat/components/payment-page.js';
import { PaymentMethods } from '../../features/payments/components/payment-methods.js';

/** /ConsultaChat: the chat feature's page with the payments feature's area in its 'Área de Pagos'. */
export function ChatConsultationPage() {
  return <ChatPage PaymentArea={PaymentMethods} />;
}

/** /pagos and /metodo-pago: the payment area of the extra hour as a page. */
export function PagosPage() {
  return <ExtraHourPaymentPage PaymentArea={PaymentMethods} />;
}
