import { useMutation, useQueryClient } from '@tanstack/react-query';
import { YAPPY_API, type AppointmentYappyOrder, type YappyOrderStarted } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { APPOINTMENTS_KEY } from './keys.js';

/**
 * POST /api/appointments/yappy/order: the appointment's request (no amount: the server's price; the
 * hour is held like a PayPal checkout's) and the Yappy order the button hands to Yappy's component.
 */
export async function createYappyOrder(body: AppointmentYappyOrder): Promise<YappyOrderStarted> {
  // Typed, not re-parsed: the route's response schema shapes the answer, and zod stays out of /citas' first load (decision 0015).
  return api.post<YappyOrderStarted>(YAPPY_API.appointmentOrder, body);
}

// The order holds the hour: the free hours change when it is made.
export const useCreateYappyOrder = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: createYappyOrder, onSettled: () => client.invalidateQueries({ queryKey: APPOINTMENTS_KEY }) });
};
