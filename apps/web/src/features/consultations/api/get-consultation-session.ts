import { queryOptions, useQuery } from '@tanstack/react-query';
import { consultationSessionSchema, type ConsultationSession } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** GET /api/consultations/session: usuario_id, and whether requests are accepted now (8:00-22:00 Panama). */
export async function getConsultationSession(): Promise<ConsultationSession> {
  return consultationSessionSchema.parse(await api.get<unknown>('/api/consultations/session'));
}

export const getConsultationSessionQueryOptions = () =>
  queryOptions({ queryKey: ['consultations', 'session'] as const, queryFn: getConsultationSession, staleTime: 0, refetchInterval: 60_000 });

export const useConsultationSession = () => useQuery(getConsultationSessionQueryOptions());
