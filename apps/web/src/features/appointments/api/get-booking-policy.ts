import { useQuery } from '@tanstack/react-query';
import type { BookingPolicy } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { APPOINTMENTS_KEY } from './keys.js';

/** GET /api/appointments/policy: whether the patient may pay by receipt (the no-show policy, decision 0049). */
export async function getBookingPolicy(): Promise<BookingPolicy> {
  // Typed by the route's response schema; zod stays out of /citas' first load (decision 0015).
  return api.get<BookingPolicy>('/api/appointments/policy');
}

export const useBookingPolicy = () => useQuery({ queryKey: [...APPOINTMENTS_KEY, 'policy'] as const, queryFn: getBookingPolicy });
