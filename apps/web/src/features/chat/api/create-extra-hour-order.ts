import { useMutation } from '@tanstack/react-query';
import { paypalOrderCreatedSchema } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** POST /api/chat/extra-hour/paypal/order {metodo_de_pago, monto}: the PayPal order of an extra hour. */
export async function createExtraHourOrder(body: { metodo_de_pago: 'Paypal o Tarjeta'; monto: number }): Promise<string> {
  return paypalOrderCreatedSchema.parse(await api.post<unknown>('/api/chat/extra-hour/paypal/order', body)).id;
}

export const useCreateExtraHourOrder = () => useMutation({ mutationFn: createExtraHourOrder });
