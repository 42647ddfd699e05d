import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { consultationRowSchema, type ConsultationRow } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { RECORDS_KEY } from './get-profile.js';

/** GET /api/consultations (Consulta.php): the patient's own consultations, newest first. */
export async function getMyConsultations(): Promise<ConsultationRow[]> {
  // A non-array answer reads as no data (docs/spec/patient-and-public.md, "Profile, lists and receipts").
  const parsed = z.array(consultationRowSchema).safeParse(await api.get<unknown>('/api/consultations'));
  return parsed.success ? parsed.data : [];
}

export const getMyConsultationsQueryOptions = () =>
  queryOptions({ queryKey: [...RECORDS_KEY, 'consultations'] as const, queryFn: getMyConsultations, staleTime: 0 });

export const useMyConsultations = () => useQuery(getMyConsultationsQueryOptions());
