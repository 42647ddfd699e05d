import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMERS, authorisationStatusSchema, type AuthorisationStatus } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/**
 * GET /api/consultations/authorisation?consulta=<token>: where that consultation stands
 * (`authenticated` once the chat is allowed). The page waits for one consultation by its token, so
 * that a newer or older one of the same patient never answers for it (decision 0032).
 */
export async function getAuthorisation(token: string): Promise<AuthorisationStatus> {
  return authorisationStatusSchema.parse(await api.get<unknown>(`/api/consultations/authorisation?consulta=${encodeURIComponent(token)}`));
}

const FINAL: AuthorisationStatus['estado'][] = ['autorizada', 'emergencia', 'rechazada', 'sin_permiso', 'cerrada', 'sin_consulta'];

/** Polled every 5 s (TIMERS.authorisationPollMs) until the consultation is decided, also in a background tab. */
export const getAuthorisationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['consultations', 'authorisation', token] as const,
    queryFn: () => getAuthorisation(token),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && FINAL.includes(query.state.data.estado) ? false : TIMERS.authorisationPollMs),
    refetchIntervalInBackground: true,
  });

export const useAuthorisation = (token: string) => useQuery(getAuthorisationQueryOptions(token));
