import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { appointmentRowSchema, type AppointmentRow } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { ADMIN_APPOINTMENTS_KEY } from './keys.js';

/** GET /api/admin/appointments (Citas_Admin.php), or POST .../search {input} (Algoritmo_Citas.php) by first name. */
export async function getAdminAppointments(search: string | null): Promise<AppointmentRow[]> {
  const data =
    search === null ? await api.get<unknown>('/api/admin/appointments') : await api.post<unknown>('/api/admin/appointments/search', { input: search });
  const parsed = z.array(appointmentRowSchema).safeParse(data);
  return parsed.success ? parsed.data : [];
}

export const getAdminAppointmentsQueryOptions = (search: string | null) =>
  queryOptions({ queryKey: [...ADMIN_APPOINTMENTS_KEY, 'list', search] as const, queryFn: () => getAdminAppointments(search), staleTime: 0, retry: false });

export const useAdminAppointments = (search: string | null) => useQuery(getAdminAppointmentsQueryOptions(search));
