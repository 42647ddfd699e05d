import { Suspense, lazy } from 'react';
import type { PaymentMethodsProps } from '../../features/payments/payment-callbacks.js';
import { useFrameMessages } from '../../lib/i18n.js';

// The payments feature's area (its schemas, react-hook-form, PayPal's and the receipt's forms) is shown
// only after the consultation's consent and data form, or when a chat's extra hour is offered: loaded
// then, not with the page, so neither page's first load downloads or evaluates it (decision 0046,
// sessions 9 and 10: blocking time on a phone).
const PaymentMethods = lazy(async () => ({ default: (await import('../../features/payments/components/payment-methods.js')).PaymentMethods }));

/** The payment area, loaded on first show; 'Cargando datos...' meanwhile. */
export function LazyPaymentArea(props: PaymentMethodsProps) {
  const messages = useFrameMessages();
  return (
    <Suspense fallback={<p role="status">{messages.loading}</p>}>
      <PaymentMethods {...props} />
    </Suspense>
  );
}
