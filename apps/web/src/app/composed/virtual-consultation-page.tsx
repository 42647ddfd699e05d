import { VirtualConsultationPage as ConsultationPage } from '../../features/consultations/components/virtual-consultation-page.js';
import { LazyPaymentArea } from './lazy-payment-area.js';

/** /consultas-virtuales: the consultation feature's page with the payments feature's payment area (loaded when shown). */
export function VirtualConsultationPage() {
  return <ConsultationPage PaymentArea={LazyPaymentArea} />;
}
