import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppointmentPaypalOrder, PaypalOrderCreated } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { AVAILABILITY_KEY } from './keys.js';

/** POST /api/appointments/paypal/order ("update session for PayPal"): the order for the server's price; the hour is held. */
export async function createPaypalOrder(body: AppointmentPaypalOrder): Promise<string> {
  // Typed, not re-parsed: the route's response schema shapes the answer, and zod stays out of /citas' first load (decision 0015).
  return (await api.post<PaypalOrderCreated>('/api/appointments/paypal/order', body)).id;
}

export const useCreatePaypalOrder = () => {
  const client = useQueryClient();
  // A refusal (the hour was just taken, say) must not leave stale hours on the form.
  return useMutation({ mutationFn: createPaypalOrder, onError: () => client.invalidateQueries({ queryKey: AVAILABILITY_KEY }) });
};
