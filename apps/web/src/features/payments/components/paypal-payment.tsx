import { useEffect, useRef } from 'react';
import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import { showAlert } from '../../../components/ui/alert-store.js';
import { ApiError } from '../../../lib/api-client.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { usePaymentsConfig } from '../api/get-payments-config.js';
import type { PaymentCallbacks } from '../payment-callbacks.js';

interface PaypalPaymentProps {
  precio: number;
  createPaypalOrder: PaymentCallbacks['createPaypalOrder'];
  capturePaypalOrder: PaymentCallbacks['capturePaypalOrder'];
  checkBeforePaying?: PaymentCallbacks['checkBeforePaying'];
}

/**
 * PayPal and cards through PayPal's JS SDK (@paypal/react-paypal-js). The SDK's address comes
 * from the server: PayPal's own, or the local stand-in in demo mode, which the page then says.
 */
export function PaypalPayment(props: PaypalPaymentProps) {
  const { t } = useTranslation('payments');
  const messages = useMessages();
  const config = usePaymentsConfig();
  if (config.isPending) return <p className="payments-note">{messages.loading}</p>;
  if (config.isError) {
    return (
      <p className="payments-error" role="alert">
        {messages.paypalSetupFailed}
      </p>
    );
  }
  const { client_id: clientId, sdk_url: sdkBaseUrl, demo } = config.data;
  return (
    <div className="paypal-payment">
      {demo && (
        <p className="payments-demo" role="note">
          {messages.paypalDemoMode}
        </p>
      )}
      <p className="payments-amount">
        {t('paypal.amount')} <strong>USD {props.precio.toFixed(2)}</strong>
      </p>
      <PayPalScriptProvider options={{ clientId, currency: 'USD', intent: 'capture', components: 'buttons', sdkBaseUrl }}>
        <PaypalButtonsArea {...props} />
      </PayPalScriptProvider>
    </div>
  );
}

/** An error whose alert was already shown (so the SDK's onError does not show a second one). */
class AlertedError extends Error {}

function PaypalButtonsArea({ precio, createPaypalOrder, capturePaypalOrder, checkBeforePaying }: PaypalPaymentProps) {
  const { t } = useTranslation('payments');
  const messages = useMessages();
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  // The latest callbacks, without re-rendering PayPal's buttons at every keystroke of the page.
  const latest = useRef({ precio, createPaypalOrder, capturePaypalOrder, checkBeforePaying, messages });
  useEffect(() => {
    latest.current = { precio, createPaypalOrder, capturePaypalOrder, checkBeforePaying, messages };
  });

  if (isRejected) {
    return (
      <p className="payments-error" role="alert">
        {messages.paypalSetupFailed}
      </p>
    );
  }
  if (isPending) return <p className="payments-note">{t('paypal.loading')}</p>;

  return (
    <PayPalButtons
      style={{ layout: 'vertical', label: 'pay' }}
      createOrder={async () => {
        const problem = latest.current.checkBeforePaying?.('paypal');
        if (problem) {
          void showAlert(translateMessage(problem));
          throw new AlertedError('page incomplete');
        }
        try {
          return await latest.current.createPaypalOrder({ metodo_de_pago: 'Paypal o Tarjeta', monto: latest.current.precio });
        } catch (error) {
          // Refused by the server (its reason), or the server could not be reached.
          void showAlert(
            error instanceof ApiError && error.fromServer ? `${latest.current.messages.requestRejectedPrefix}${translateMessage(error.message)}` : latest.current.messages.sessionUpdateFailed,
          );
          throw new AlertedError('order refused');
        }
      }}
      onApprove={async (data) => {
        try {
          await latest.current.capturePaypalOrder({ orderID: data.orderID, payerID: data.payerID ?? undefined });
        } catch (error) {
          void showAlert(error instanceof ApiError && error.fromServer ? translateMessage(error.message) : latest.current.messages.paymentProcessingFailed);
        }
      }}
      onError={(error) => {
        if (error instanceof AlertedError) return;
        console.error('PayPal', error);
        void showAlert(latest.current.messages.paypalPaymentFailed);
      }}
    />
  );
}
