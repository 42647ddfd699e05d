import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { appointmentRowSchema, pageSchema, type AppointmentRow, type ListPage } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { listQuery } from '../../../lib/use-cursor-pages.js';
import { MY_APPOINTMENTS_KEY } from './keys.js';

const page = pageSchema(appointmentRowSchema);

/** GET /api/appointments (Citas.php): one page of the patient's own appointments. */
export async function getMyAppointments(cursor: string | undefined): Promise<ListPage<AppointmentRow>> {
  // An answer that is not a list reads as no results (docs/spec/patient-and-public.md, section 2).
  const parsed = page.safeParse(await api.get<unknown>(`/api/appointments${listQuery({ cursor })}`));
  return parsed.success ? parsed.data : { items: [], next_cursor: null };
}

export const getMyAppointmentsQueryOptions = (cursor: string | undefined) =>
  queryOptions({
    queryKey: [...MY_APPOINTMENTS_KEY, 'list', cursor] as const,
    queryFn: () => getMyAppointments(cursor),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useMyAppointments = (cursor: string | undefined) => useQuery(getMyAppointmentsQueryOptions(cursor));
