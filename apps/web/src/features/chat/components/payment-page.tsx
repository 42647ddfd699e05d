import { Link } from 'react-router';
import { messages } from '@clinica/shared';
import { ApiError } from '../../../lib/api-client.js';
import { useChatState } from '../api/get-chat-state.js';
import { useExtraHourPayment } from '../hooks/use-extra-hour-payment.js';
import type { ChatPaymentArea } from './payment-area.js';
import '../chat.css';

/** /pagos and /metodo-pago: the payment area of the extra hour as a page. */
export function ExtraHourPaymentPage({ PaymentArea }: { PaymentArea: ChatPaymentArea }) {
  const state = useChatState();
  const payment = useExtraHourPayment();
  return (
    <div className="chat-page">
      <h1>Área de Pagos</h1>
      {state.isPending ? (
        <p className="chat-note">{messages.loading}</p>
      ) : state.isError ? (
        <p className="chat-error" role="alert">
          {state.error instanceof ApiError && state.error.status === 403 ? messages.chatNotAllowed : messages.requestFailed}
        </p>
      ) : (
        <>
          <p className="chat-note">Pague aquí una hora adicional de chat de su consulta con {state.data.doctor}.</p>
          <PaymentArea servicio={state.data.servicio} title="Hora adicional de chat" {...payment} />
        </>
      )}
      <p>
        <Link to="/ConsultaChat">Volver al chat</Link>
      </p>
    </div>
  );
}
