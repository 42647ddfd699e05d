import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DoctorListItem, Service } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { APPOINTMENTS_KEY } from './keys.js';

/** GET /api/doctors?servicio (getDoctores.php): id, name and service of the service's active doctors (never the e-mail). */
export async function getDoctors(servicio: Service): Promise<DoctorListItem[]> {
  // Typed, not re-parsed: the route's response schema shapes the answer, and zod stays out of /citas' first load (decision 0015).
  return api.get<DoctorListItem[]>(`/api/doctors?servicio=${encodeURIComponent(servicio)}`);
}

export const getDoctorsQueryOptions = (servicio: Service) =>
  queryOptions({ queryKey: [...APPOINTMENTS_KEY, 'doctors', servicio] as const, queryFn: () => getDoctors(servicio) });

export const useDoctors = (servicio: Service | '') =>
  useQuery({ ...getDoctorsQueryOptions(servicio || 'consulta_general'), enabled: servicio !== '' });
