import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMERS, authorisationStatusSchema, type AuthorisationStatus } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** GET /api/consultations/authorisation: where the newest consultation stands (`authenticated` once the chat is allowed). */
export async function getAuthorisation(): Promise<AuthorisationStatus> {
  return authorisationStatusSchema.parse(await api.get<unknown>('/api/consultations/authorisation'));
}

const FINAL: AuthorisationStatus['estado'][] = ['autorizada', 'emergencia', 'rechazada', 'sin_permiso', 'cerrada'];

/** Polled every 5 s (TIMERS.authorisationPollMs) until the consultation is decided, also in a background tab. */
export const getAuthorisationQueryOptions = () =>
  queryOptions({
    queryKey: ['consultations', 'authorisation'] as const,
    queryFn: getAuthorisation,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && FINAL.includes(query.state.data.estado) ? false : TIMERS.authorisationPollMs),
    refetchIntervalInBackground: true,
  });

export const useAuthorisation = () => useQuery(getAuthorisationQueryOptions());
