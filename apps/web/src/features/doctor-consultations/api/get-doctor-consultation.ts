import { queryOptions, useQuery } from '@tanstack/react-query';
import { doctorConsultationDetailSchema, type DoctorConsultationDetail } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { DOCTOR_CONSULTATIONS_KEY } from './get-doctor-consultations.js';

/** Thrown when the answer is not a consultation ('... o el formato es incorrecto.'). */
export class BadConsultationFormat extends Error {}

/** GET /api/doctor/consultations/:token (Consulta_Admin_Doctores_Boton.php?token). */
export async function getDoctorConsultation(token: string): Promise<DoctorConsultationDetail> {
  const parsed = doctorConsultationDetailSchema.safeParse(await api.get<unknown>(`/api/doctor/consultations/${encodeURIComponent(token)}`));
  if (!parsed.success) throw new BadConsultationFormat();
  return parsed.data;
}

export const getDoctorConsultationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: [...DOCTOR_CONSULTATIONS_KEY, 'detail', token] as const,
    queryFn: () => getDoctorConsultation(token),
    staleTime: 0,
    retry: false,
  });

export const useDoctorConsultation = (token: string) => useQuery({ ...getDoctorConsultationQueryOptions(token), enabled: token !== '' });
