import { queryOptions, useQuery } from '@tanstack/react-query';
import { activeConsultationsSchema, type ActiveConsultation } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/**
 * GET /api/consultations/active: the signed-in patient's consultations waiting for the clinic and
 * their open chats, newest first, each chat with its seconds left by the server's clock (decision 0032).
 */
export async function getActiveConsultations(): Promise<ActiveConsultation[]> {
  return activeConsultationsSchema.parse(await api.get<unknown>('/api/consultations/active')).consultas;
}

export const ACTIVE_CONSULTATIONS_KEY = ['consultations', 'active'] as const;

export const getActiveConsultationsQueryOptions = () =>
  queryOptions({
    queryKey: ACTIVE_CONSULTATIONS_KEY,
    queryFn: getActiveConsultations,
    // Read when shown (each page, the header on each move): not polled, because every gated call
    // counts as the patient's activity on the server and a poll would keep an idle session alive.
    staleTime: 0,
    retry: false,
  });

export const useActiveConsultations = () => useQuery(getActiveConsultationsQueryOptions());

/** The address of one chat: every open chat is reachable on its own. */
export const chatPath = (token: string) => `/ConsultaChat?consulta=${encodeURIComponent(token)}`;
