import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { appointmentRowSchema, type AppointmentRow } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { DOCTOR_APPOINTMENTS_KEY } from './keys.js';

/** GET /api/doctor/appointments (Citas_Admin_Doctores.php), or POST .../search {input} (Algoritmo_Citas_Doctores.php). */
export async function getDoctorAppointments(search: string | null): Promise<AppointmentRow[]> {
  const data =
    search === null ? await api.get<unknown>('/api/doctor/appointments') : await api.post<unknown>('/api/doctor/appointments/search', { input: search });
  // A non-array answer is treated as no results (staff.md, section 8).
  const parsed = z.array(appointmentRowSchema).safeParse(data);
  return parsed.success ? parsed.data : [];
}

export const getDoctorAppointmentsQueryOptions = (search: string | null) =>
  queryOptions({ queryKey: [...DOCTOR_APPOINTMENTS_KEY, 'list', search] as const, queryFn: () => getDoctorAppointments(search), staleTime: 0, retry: false });

export const useDoctorAppointments = (search: string | null) => useQuery(getDoctorAppointmentsQueryOptions(search));
