import { queryOptions, useQuery } from '@tanstack/react-query';
import { appointmentDetailSchema, type AppointmentDetail } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { DOCTOR_APPOINTMENTS_KEY } from './keys.js';

/** GET /api/doctor/appointments/:token (Citas_Admin_Doctores_Boton.php?token): one of the doctor's own appointments. */
export async function getDoctorAppointment(token: string): Promise<AppointmentDetail> {
  return appointmentDetailSchema.parse(await api.get<unknown>(`/api/doctor/appointments/${encodeURIComponent(token)}`));
}

export const getDoctorAppointmentQueryOptions = (token: string) =>
  queryOptions({ queryKey: [...DOCTOR_APPOINTMENTS_KEY, 'detail', token] as const, queryFn: () => getDoctorAppointment(token), staleTime: 0, retry: false });

export const useDoctorAppointment = (token: string) => useQuery({ ...getDoctorAppointmentQueryOptions(token), enabled: token !== '' });
