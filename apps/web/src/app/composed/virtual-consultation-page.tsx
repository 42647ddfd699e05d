import { Suspense, lazy } from 'react';
import {
  VirtualConsultationPage as ConsultationPage,
  type ConsultationPaymentAreaProps,
} from '../../features/consultations/components/virtual-consultation-page.js';
import { useFrameMessages } from '../../lib/i18n.js';

// The payment area (its schemas, PayPal's and the receipt's forms) is shown only once the patient has
// accepted the consent and filled in the data form: loaded then, not with the page, so the consent
// step's first load neither downloads nor evaluates it (decision 0046, session 9: blocking time).
const PaymentMethods = lazy(async () => ({ default: (await import('../../features/payments/components/payment-methods.js')).PaymentMethods }));

function PaymentArea(props: ConsultationPaymentAreaProps) {
  const messages = useFrameMessages();
  return (
    <Suspense fallback={<p role="status">{messages.loading}</p>}>
      <PaymentMethods {...props} />
    </Suspense>
  );
}

/** /consultas-virtuales: the consultation feature's page with the payments feature's payment area. */
export function VirtualConsultationPage() {
  return <ConsultationPage PaymentArea={PaymentArea} />;
}
