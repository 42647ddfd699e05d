import { VirtualConsultationPage as ConsultationPage } from '../../features/consultations/components/virtual-consultation-page.js';
import { PaymentMethods } from '../../features/payments/components/payment-methods.js';

/** /consultas-virtuales: the consultation feature's page with the payments feature's payment area. */
export function VirtualConsultationPage() {
  return <ConsultationPage PaymentArea={PaymentMethods} />;
}
