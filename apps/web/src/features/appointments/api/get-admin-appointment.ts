import { queryOptions, useQuery } from '@tanstack/react-query';
import { appointmentDetailSchema, type AppointmentDetail } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { ADMIN_APPOINTMENTS_KEY } from './keys.js';

/** GET /api/admin/appointments/:token (Citas_Admin_Boton.php?token). */
export async function getAdminAppointment(token: string): Promise<AppointmentDetail> {
  return appointmentDetailSchema.parse(await api.get<unknown>(`/api/admin/appointments/${encodeURIComponent(token)}`));
}

export const getAdminAppointmentQueryOptions = (token: string) =>
  queryOptions({ queryKey: [...ADMIN_APPOINTMENTS_KEY, 'detail', token] as const, queryFn: () => getAdminAppointment(token), staleTime: 0, retry: false });

export const useAdminAppointment = (token: string) => useQuery({ ...getAdminAppointmentQueryOptions(token), enabled: token !== '' });
