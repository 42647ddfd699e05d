import { useMutation } from '@tanstack/react-query';
import { paypalOrderCreatedSchema } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { forConsultation, useChatTarget } from '../hooks/use-chat-target.js';

/** POST /api/chat/extra-hour/paypal/order {metodo_de_pago, monto}: the PayPal order of an extra hour. */
export async function createExtraHourOrder(body: ExtraHourOrder, consulta?: string): Promise<string> {
  return paypalOrderCreatedSchema.parse(await api.post<unknown>(forConsultation('/api/chat/extra-hour/paypal/order', consulta), body)).id;
}

type ExtraHourOrder = { metodo_de_pago: 'Paypal o Tarjeta'; monto: number };

export const useCreateExtraHourOrder = () => {
  const consulta = useChatTarget();
  return useMutation({ mutationFn: (body: ExtraHourOrder) => createExtraHourOrder(body, consulta) });
};
