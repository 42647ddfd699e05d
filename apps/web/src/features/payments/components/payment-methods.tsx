import { Suspense, lazy, useEffect, useId, useState } from 'react';
import { messages as catalogue } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { usePaymentSession } from '../api/get-payment-session.js';
import type { PaymentMethodsProps } from '../payment-callbacks.js';
import { PaypalPayment } from './paypal-payment.js';
import { ReceiptPayment } from './receipt-payment.js';
import '../payments.css';

// Yappy's area (its waiting state, its script loader) loads when Yappy is chosen, not with the page (bench/budgets.json).
const YappyPayment = lazy(async () => ({ default: (await import('./yappy-payment.js')).YappyPayment }));

type Method = 'paypal' | 'transferencia' | 'yappy';

const METHODS: { value: Method; label: string }[] = [
  { value: 'paypal', label: 'methods.paypal' },
  { value: 'transferencia', label: 'methods.transfer' },
  { value: 'yappy', label: 'methods.yappy' },
];

/**
 * The payment area. It appears once the page's form is complete: until its texts (this feature's
 * catalogue) have arrived, only the area says it is loading, and the page around it stays as it is.
 */
export function PaymentMethods(props: PaymentMethodsProps) {
  const messages = useMessages();
  return (
    <Suspense fallback={<p className="payments-note">{messages.loading}</p>}>
      <PaymentMethodsArea {...props} />
    </Suspense>
  );
}

/**
 * The payment selector and the sub-form of the chosen method. The amount is the server's price
 * of the service (check_session_pagos); the page's own calls record what is paid for.
 */
function PaymentMethodsArea({ servicio, title, ...callbacks }: PaymentMethodsProps) {
  const { t } = useTranslation('payments');
  const messages = useMessages();
  const [method, setMethod] = useState<Method | ''>('');
  const session = usePaymentSession(servicio);
  const headingId = useId();
  const notSignedIn = session.data?.authenticated === false;

  useEffect(() => {
    if (notSignedIn) void showAlert(translateMessage(catalogue.paymentSessionRequired));
  }, [notSignedIn]);

  return (
    <section className="payment-methods" aria-labelledby={headingId}>
      <h2 id={headingId}>{title ?? t('methods.title')}</h2>
      {session.isPending ? (
        <p className="payments-note">{messages.loading}</p>
      ) : session.isError || !session.data.authenticated ? (
        <p className="payments-error" role="alert">
          {notSignedIn ? messages.paymentSessionRequired : messages.requestFailed}
        </p>
      ) : (
        <>
          <fieldset className="payments-choice">
            <legend>{t('methods.legend', { amount: session.data.precio.toFixed(2) })}</legend>
            {METHODS.map((m) => (
              <label key={m.value} className="payments-option">
                <input type="radio" name={`metodo-${headingId}`} value={m.value} checked={method === m.value} onChange={() => setMethod(m.value)} />
                {t(m.label)}
              </label>
            ))}
          </fieldset>
          {method === 'paypal' && (
            <PaypalPayment
              precio={session.data.precio}
              createPaypalOrder={callbacks.createPaypalOrder}
              capturePaypalOrder={callbacks.capturePaypalOrder}
              checkBeforePaying={callbacks.checkBeforePaying}
            />
          )}
          {method === 'transferencia' && <ReceiptPayment key="transferencia" metodo="Transferencia" precio={session.data.precio} sendReceipt={callbacks.sendReceipt} checkBeforePaying={callbacks.checkBeforePaying} />}
          {method === 'yappy' && (
            // Yappy's button first (decision 0058); the receipt stays for a payment made in Yappy's app without it.
            <Suspense fallback={<p className="payments-note">{messages.loading}</p>}>
              <YappyPayment
                precio={session.data.precio}
                createYappyOrder={callbacks.createYappyOrder}
                onYappyPaid={callbacks.onYappyPaid}
                checkBeforePaying={callbacks.checkBeforePaying}
                fallback={<ReceiptPayment key="yappy" metodo="Yappy" precio={session.data.precio} sendReceipt={callbacks.sendReceipt} checkBeforePaying={callbacks.checkBeforePaying} />}
              />
            </Suspense>
          )}
        </>
      )}
    </section>
  );
}
