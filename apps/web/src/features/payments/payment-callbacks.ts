import type { Service, YappyOrderStarted, YappyOrderStateAnswer } from '@clinica/shared';

/**
 * What a page that takes a payment gives the payment area: its own calls for the PayPal order,
 * its capture and a transfer or Yappy receipt. The payment area only knows how to pay; the page
 * knows what is being paid for (a consultation, an appointment, an extra hour).
 */
export interface PaymentCallbacks {
  /** Creates the PayPal order on the server ("update session for PayPal"); resolves to the order id. */
  createPaypalOrder: (input: { metodo_de_pago: 'Paypal o Tarjeta'; monto: number }) => Promise<string>;
  /** The buyer approved in PayPal: the server captures and verifies; resolves once it is recorded. */
  capturePaypalOrder: (input: { orderID: string; payerID?: string }) => Promise<void>;
  /** Sends a transfer or Yappy receipt with the page's data; resolves once it is recorded. */
  sendReceipt: (input: { metodo_de_pago: 'Transferencia' | 'Yappy'; monto: number; file: File }) => Promise<void>;
  /**
   * Optional: asked when the person presses pay (PayPal's button, 'Enviar comprobante'). A message
   * stops the payment and is shown as the alert (the page's mandatory fields are missing, say).
   */
  checkBeforePaying?: (method: 'paypal' | 'receipt' | 'yappy') => string | null;
  /**
   * Yappy's button was pressed: the server creates the Yappy order for what the page pays (with the
   * page's data, at the server's price); resolves to what Yappy's component needs and the order's reference.
   */
  createYappyOrder: () => Promise<YappyOrderStarted>;
  /** The server has the Yappy order paid (Yappy's notification reached it): the page goes on at once. */
  onYappyPaid: (order: YappyOrderStateAnswer) => void | Promise<void>;
}

export interface PaymentMethodsProps extends PaymentCallbacks {
  servicio: Service;
  /** Heading of the area ('Pago' on the consultation page, 'Área de Pagos' over the chat). */
  title?: string;
}
