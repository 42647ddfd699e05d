import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { appointmentRowSchema, type AppointmentRow } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { MY_APPOINTMENTS_KEY } from './keys.js';

/** GET /api/appointments (Citas.php): the patient's own appointments. */
export async function getMyAppointments(): Promise<AppointmentRow[]> {
  // An answer that is not a list reads as no results (patient-and-public.md, section 2).
  const parsed = z.array(appointmentRowSchema).safeParse(await api.get<unknown>('/api/appointments'));
  return parsed.success ? parsed.data : [];
}

export const getMyAppointmentsQueryOptions = () =>
  queryOptions({ queryKey: [...MY_APPOINTMENTS_KEY, 'list'] as const, queryFn: getMyAppointments, staleTime: 0 });

export const useMyAppointments = () => useQuery(getMyAppointmentsQueryOptions());
