import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { AVAILABILITY_KEY } from './keys.js';

/** GET /api/appointments/blocked-dates?id (obtener_fechas_disponibles.php): the doctor's unavailable dates, yyyy-MM-dd. */
export async function getBlockedDates(doctorId: string): Promise<string[]> {
  // Typed, not re-parsed: the route's response schema shapes the answer, and zod stays out of /citas' first load (decision 0015).
  return api.get<string[]>(`/api/appointments/blocked-dates?id=${encodeURIComponent(doctorId)}`);
}

export const getBlockedDatesQueryOptions = (doctorId: string) =>
  queryOptions({ queryKey: [...AVAILABILITY_KEY, 'blocked', doctorId] as const, queryFn: () => getBlockedDates(doctorId), staleTime: 0 });

export const useBlockedDates = (doctorId: string) => useQuery({ ...getBlockedDatesQueryOptions(doctorId), enabled: doctorId !== '' });
