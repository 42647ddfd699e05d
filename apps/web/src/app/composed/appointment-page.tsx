import { lazy, useEffect } from 'react';
import { whenIdle } from '../../lib/idle.js';
import { AppointmentPage } from '../../features/appointments/components/appointment-page.js';

// The payment area shows once a service is chosen: it is fetched once the page has painted and the browser is idle.
const loadPaymentMethods = () => import('../../features/payments/components/payment-methods.js');
const PaymentMethods = lazy(async () => ({ default: (await loadPaymentMethods()).PaymentMethods }));

/** /citas: the appointments feature's form with the payments feature's payment area. */
export function CitasPage() {
  useEffect(
    () =>
      whenIdle(() => {
        void loadPaymentMethods();
      }),
    [],
  );
  return <AppointmentPage PaymentArea={PaymentMethods} />;
}
