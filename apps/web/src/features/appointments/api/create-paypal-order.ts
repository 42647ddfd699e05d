import { useMutation } from '@tanstack/react-query';
import { paypalOrderCreatedSchema, type AppointmentPaypalOrder } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** POST /api/appointments/paypal/order ("update session for PayPal"): the order for the server's price; the hour is held. */
export async function createPaypalOrder(body: AppointmentPaypalOrder): Promise<string> {
  return paypalOrderCreatedSchema.parse(await api.post<unknown>('/api/appointments/paypal/order', body)).id;
}

export const useCreatePaypalOrder = () => useMutation({ mutationFn: createPaypalOrder });
