import { useMutation } from '@tanstack/react-query';
import { paypalOrderCreatedSchema, type ConsultationPaypalOrder } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** POST /api/consultations/paypal/order ("update session for PayPal"): the order for the server's price. */
export async function createPaypalOrder(body: ConsultationPaypalOrder): Promise<string> {
  return paypalOrderCreatedSchema.parse(await api.post<unknown>('/api/consultations/paypal/order', body)).id;
}

export const useCreatePaypalOrder = () => useMutation({ mutationFn: createPaypalOrder });
