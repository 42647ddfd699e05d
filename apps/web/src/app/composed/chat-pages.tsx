import { ChatConsultationPage as ChatPage } from '../../features/chat/components/chat-consultation-page.js';
import { LazyPaymentArea } from './lazy-payment-area.js';

/**
 * /ConsultaChat: the chat feature's page with the payments feature's area in its extra-hour offer,
 * loaded when the offer is shown (near the hour's end), not with the chat (decision 0046, session 10).
 */
export function ChatConsultationPage() {
  return <ChatPage PaymentArea={LazyPaymentArea} />;
}
