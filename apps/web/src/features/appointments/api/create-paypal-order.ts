import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paypalOrderCreatedSchema, type AppointmentPaypalOrder } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { AVAILABILITY_KEY } from './keys.js';

/** POST /api/appointments/paypal/order ("update session for PayPal"): the order for the server's price; the hour is held. */
export async function createPaypalOrder(body: AppointmentPaypalOrder): Promise<string> {
  return paypalOrderCreatedSchema.parse(await api.post<unknown>('/api/appointments/paypal/order', body)).id;
}

export const useCreatePaypalOrder = () => {
  const client = useQueryClient();
  // A refusal (the hour was just taken, say) must not leave stale hours on the form.
  return useMutation({ mutationFn: createPaypalOrder, onError: () => client.invalidateQueries({ queryKey: AVAILABILITY_KEY }) });
};
