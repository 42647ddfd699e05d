import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { appointmentRowSchema, pageSchema, type AppointmentRow, type ListPage } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { listQuery } from '../../../lib/use-cursor-pages.js';
import { ADMIN_APPOINTMENTS_KEY } from './keys.js';

const page = pageSchema(appointmentRowSchema);

/** GET /api/admin/appointments (Citas_Admin.php), or POST .../search {input} (Algoritmo_Citas.php) by first name: one page. */
export async function getAdminAppointments(
  search: string | null,
  cursor: string | undefined,
): Promise<ListPage<AppointmentRow>> {
  const query = listQuery({ cursor });
  const data =
    search === null
      ? await api.get<unknown>(`/api/admin/appointments${query}`)
      : await api.post<unknown>(`/api/admin/appointments/search${query}`, { input: search });
  const parsed = page.safeParse(data);
  return parsed.success ? parsed.data : { items: [], next_cursor: null };
}

export const getAdminAppointmentsQueryOptions = (search: string | null, cursor: string | undefined) =>
  queryOptions({
    queryKey: [...ADMIN_APPOINTMENTS_KEY, 'list', search, cursor] as const,
    queryFn: () => getAdminAppointments(search, cursor),
    staleTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
  });

export const useAdminAppointments = (search: string | null, cursor: string | undefined) =>
  useQuery(getAdminAppointmentsQueryOptions(search, cursor));
