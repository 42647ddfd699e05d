import { queryOptions, useQuery } from '@tanstack/react-query';
import { appointmentDetailSchema, type AppointmentDetail } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { MY_APPOINTMENTS_KEY } from './keys.js';

/** GET /api/appointments/:token (Citas_Boton.php?token): one of the patient's own appointments. */
export async function getMyAppointment(token: string): Promise<AppointmentDetail> {
  return appointmentDetailSchema.parse(await api.get<unknown>(`/api/appointments/${encodeURIComponent(token)}`));
}

export const getMyAppointmentQueryOptions = (token: string) =>
  queryOptions({ queryKey: [...MY_APPOINTMENTS_KEY, 'detail', token] as const, queryFn: () => getMyAppointment(token), staleTime: 0, retry: false });

export const useMyAppointment = (token: string) => useQuery({ ...getMyAppointmentQueryOptions(token), enabled: token !== '' });

/** Where the patient downloads the appointment as an .ics calendar file. */
export const appointmentIcsUrl = (token: string) => `/api/appointments/${encodeURIComponent(token)}/calendar.ics`;
