import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { AVAILABILITY_KEY } from './keys.js';

/** GET /api/appointments/waitlist/days?id: the doctor's full days (worked, every hour taken), whose waitlist a patient may join. */
export async function getFullDates(doctorId: string): Promise<string[]> {
  // Typed by the route's response schema; zod stays out of /citas' first load (decision 0015).
  return api.get<string[]>(`/api/appointments/waitlist/days?id=${encodeURIComponent(doctorId)}`);
}

export const useFullDates = (doctorId: string, enabled = true) =>
  useQuery({ queryKey: [...AVAILABILITY_KEY, 'full', doctorId] as const, queryFn: () => getFullDates(doctorId), enabled: enabled && doctorId !== '', staleTime: 0 });
