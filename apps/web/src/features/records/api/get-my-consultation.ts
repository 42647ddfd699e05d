import { queryOptions, useQuery } from '@tanstack/react-query';
import { consultationDetailSchema, type ConsultationDetail } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { RECORDS_KEY } from './get-profile.js';

/** Thrown when the answer is not a consultation ('No se encontraron datos para la consulta o el formato es incorrecto.'). */
export class BadConsultationFormat extends Error {}

/** GET /api/consultations/:token (Consulta_Boton.php?token): one of the patient's own consultations. */
export async function getMyConsultation(token: string): Promise<ConsultationDetail> {
  const parsed = consultationDetailSchema.safeParse(await api.get<unknown>(`/api/consultations/${encodeURIComponent(token)}`));
  if (!parsed.success) throw new BadConsultationFormat();
  return parsed.data;
}

export const getMyConsultationQueryOptions = (token: string) =>
  queryOptions({ queryKey: [...RECORDS_KEY, 'consultation', token] as const, queryFn: () => getMyConsultation(token), staleTime: 0, retry: false });

export const useMyConsultation = (token: string) => useQuery({ ...getMyConsultationQueryOptions(token), enabled: token !== '' });
