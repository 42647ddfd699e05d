import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { doctorListItemSchema, type DoctorListItem, type Service } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { APPOINTMENTS_KEY } from './keys.js';

/** GET /api/doctors?servicio (getDoctores.php): id, correo, nombre of the service's doctors. */
export async function getDoctors(servicio: Service): Promise<DoctorListItem[]> {
  return z.array(doctorListItemSchema).parse(await api.get<unknown>(`/api/doctors?servicio=${encodeURIComponent(servicio)}`));
}

export const getDoctorsQueryOptions = (servicio: Service) =>
  queryOptions({ queryKey: [...APPOINTMENTS_KEY, 'doctors', servicio] as const, queryFn: () => getDoctors(servicio) });

export const useDoctors = (servicio: Service | '') =>
  useQuery({ ...getDoctorsQueryOptions(servicio || 'consulta_general'), enabled: servicio !== '' });
