import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { appointmentRowSchema, pageSchema, type AppointmentRow, type ListPage } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { listQuery } from '../../../lib/use-cursor-pages.js';
import { DOCTOR_APPOINTMENTS_KEY } from './keys.js';

const page = pageSchema(appointmentRowSchema);

/** GET /api/doctor/appointments (Citas_Admin_Doctores.php), or POST .../search {input} (Algoritmo_Citas_Doctores.php): one page. */
export async function getDoctorAppointments(
  search: string | null,
  cursor: string | undefined,
): Promise<ListPage<AppointmentRow>> {
  const query = listQuery({ cursor });
  const data =
    search === null
      ? await api.get<unknown>(`/api/doctor/appointments${query}`)
      : await api.post<unknown>(`/api/doctor/appointments/search${query}`, { input: search });
  // A non-array answer is treated as no results (docs/spec/staff.md, section 8).
  const parsed = page.safeParse(data);
  return parsed.success ? parsed.data : { items: [], next_cursor: null };
}

export const getDoctorAppointmentsQueryOptions = (search: string | null, cursor: string | undefined) =>
  queryOptions({
    queryKey: [...DOCTOR_APPOINTMENTS_KEY, 'list', search, cursor] as const,
    queryFn: () => getDoctorAppointments(search, cursor),
    staleTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
  });

export const useDoctorAppointments = (search: string | null, cursor: string | undefined) =>
  useQuery(getDoctorAppointmentsQueryOptions(search, cursor));
