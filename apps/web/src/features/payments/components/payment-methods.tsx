import { useEffect, useId, useState } from 'react';
import { messages } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { usePaymentSession } from '../api/get-payment-session.js';
import type { PaymentMethodsProps } from '../payment-callbacks.js';
import { PaypalPayment } from './paypal-payment.js';
import { ReceiptPayment } from './receipt-payment.js';
import '../payments.css';

type Method = 'paypal' | 'transferencia' | 'yappy';

const METHODS: { value: Method; label: string }[] = [
  { value: 'paypal', label: 'PayPal o tarjeta de débito/crédito' },
  { value: 'transferencia', label: 'Transferencia bancaria (solo Panamá)' },
  { value: 'yappy', label: 'Yappy (solo Panamá)' },
];

/**
 * The payment selector and the sub-form of the chosen method. The amount is the server's price
 * of the service (check_session_pagos); the page's own calls record what is paid for.
 */
export function PaymentMethods({ servicio, title = 'Método de pago', ...callbacks }: PaymentMethodsProps) {
  const [method, setMethod] = useState<Method | ''>('');
  const session = usePaymentSession(servicio);
  const headingId = useId();
  const notSignedIn = session.data?.authenticated === false;

  useEffect(() => {
    if (notSignedIn) void showAlert(messages.paymentSessionRequired);
  }, [notSignedIn]);

  return (
    <section className="payment-methods" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {session.isPending ? (
        <p className="payments-note">{messages.loading}</p>
      ) : session.isError || !session.data.authenticated ? (
        <p className="payments-error" role="alert">
          {notSignedIn ? messages.paymentSessionRequired : messages.requestFailed}
        </p>
      ) : (
        <>
          <fieldset className="payments-choice">
            <legend>Elija cómo pagar (USD {session.data.precio.toFixed(2)})</legend>
            {METHODS.map((m) => (
              <label key={m.value} className="payments-option">
                <input type="radio" name={`metodo-${headingId}`} value={m.value} checked={method === m.value} onChange={() => setMethod(m.value)} />
                {m.label}
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
          {method === 'yappy' && <ReceiptPayment key="yappy" metodo="Yappy" precio={session.data.precio} sendReceipt={callbacks.sendReceipt} checkBeforePaying={callbacks.checkBeforePaying} />}
        </>
      )}
    </section>
  );
}
