import type { ComponentType } from 'react';
import type { Service, YappyOrderStarted, YappyOrderStateAnswer } from '@clinica/shared';

/** What the chat needs from the payment area (the app gives it the payments feature's). */
export interface ChatPaymentAreaProps {
  servicio: Service;
  title?: string;
  createPaypalOrder: (input: { metodo_de_pago: 'Paypal o Tarjeta'; monto: number }) => Promise<string>;
  capturePaypalOrder: (input: { orderID: string; payerID?: string }) => Promise<void>;
  sendReceipt: (input: { metodo_de_pago: 'Transferencia' | 'Yappy'; monto: number; file: File }) => Promise<void>;
  createYappyOrder: () => Promise<YappyOrderStarted>;
  onYappyPaid: (order: YappyOrderStateAnswer) => void | Promise<void>;
}
export type ChatPaymentArea = ComponentType<ChatPaymentAreaProps>;
