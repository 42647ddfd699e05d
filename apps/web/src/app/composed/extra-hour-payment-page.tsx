import { ExtraHourPaymentPage } from '../../features/chat/components/payment-page.js';
import { PaymentMethods } from '../../features/payments/components/payment-methods.js';

/**
 * /pagos and /metodo-pago: the payment area of the extra hour as a page (the page is the payment, so
 * it comes with the page; a module apart from /ConsultaChat's, whose area loads when shown).
 */
export function PagosPage() {
  return <ExtraHourPaymentPage PaymentArea={PaymentMethods} />;
}
