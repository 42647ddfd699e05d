import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { AVAILABILITY_KEY } from './keys.js';

/** GET /api/appointments/hours?fecha&id (obtener_horas_disponibles.php): the doctor's free hours that day, 'HH:00'. */
export async function getFreeHours(doctorId: string, fecha: string): Promise<string[]> {
  const query = new URLSearchParams({ id: doctorId, fecha });
  // Typed, not re-parsed: the route's response schema shapes the answer, and zod stays out of /citas' first load (decision 0015).
  return api.get<string[]>(`/api/appointments/hours?${query.toString()}`);
}

export const getFreeHoursQueryOptions = (doctorId: string, fecha: string) =>
  queryOptions({ queryKey: [...AVAILABILITY_KEY, 'hours', doctorId, fecha] as const, queryFn: () => getFreeHours(doctorId, fecha), staleTime: 0 });

export const useFreeHours = (doctorId: string, fecha: string) =>
  useQuery({ ...getFreeHoursQueryOptions(doctorId, fecha), enabled: doctorId !== '' && fecha !== '' });
