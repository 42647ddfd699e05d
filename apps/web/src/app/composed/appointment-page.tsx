import { AppointmentPage } from '../../features/appointments/components/appointment-page.js';
import { PaymentMethods } from '../../features/payments/components/payment-methods.js';

/** /citas: the appointments feature's form with the payments feature's payment area. */
export function CitasPage() {
  return <AppointmentPage PaymentArea={PaymentMethods} />;
}
