import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { doctorListItemSchema, type DoctorListItem, type Service } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** GET /api/doctors?servicio (getDoctores.php): id, name and service of the service's active doctors (never the e-mail). */
export async function getDoctors(servicio: Service): Promise<DoctorListItem[]> {
  return z.array(doctorListItemSchema).parse(await api.get<unknown>(`/api/doctors?servicio=${encodeURIComponent(servicio)}`));
}

export const getDoctorsQueryOptions = (servicio: Service) =>
  queryOptions({ queryKey: ['consultations', 'doctors', servicio] as const, queryFn: () => getDoctors(servicio) });

export const useDoctors = (servicio: Service | '') =>
  useQuery({ ...getDoctorsQueryOptions(servicio || 'consulta_general'), enabled: servicio !== '' });
