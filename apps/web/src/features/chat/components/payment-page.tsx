import { Link, useNavigate } from '../../../lib/router.js';
import { ApiError } from '../../../lib/api-client.js';
import { useMessages, useTranslation } from '../../../lib/i18n.js';
import { useChatState } from '../api/get-chat-state.js';
import { useExtraHourPayment } from '../hooks/use-extra-hour-payment.js';
import type { ChatPaymentArea } from './payment-area.js';
import '../chat.css';

/** /pagos and /metodo-pago: the payment area of the extra hour as a page. */
export function ExtraHourPaymentPage({ PaymentArea }: { PaymentArea: ChatPaymentArea }) {
  const { t } = useTranslation('chat');
  const messages = useMessages();
  const state = useChatState();
  const navigate = useNavigate();
  // The hour added (PayPal, or Yappy's button confirmed to the server): back to the chat, which shows it.
  const payment = useExtraHourPayment({ paid: () => void navigate('/ConsultaChat') });
  return (
    <div className="chat-page">
      <h1>{t('extraHour.title')}</h1>
      {state.isPending ? (
        <p className="chat-note">{messages.loading}</p>
      ) : state.isError ? (
        <p className="chat-error" role="alert">
          {state.error instanceof ApiError && state.error.status === 403 ? messages.chatNotAllowed : messages.requestFailed}
        </p>
      ) : (
        <>
          <p className="chat-note">{t('extraHour.pageText', { doctor: state.data.doctor })}</p>
          <PaymentArea servicio={state.data.servicio} title={t('extraHour.paymentTitle')} {...payment} />
        </>
      )}
      <p>
        <Link to="/ConsultaChat">{t('extraHour.back')}</Link>
      </p>
    </div>
  );
}
