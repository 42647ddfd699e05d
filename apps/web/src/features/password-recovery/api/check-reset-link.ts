import { queryOptions, useQuery } from '@tanstack/react-query';
import { passwordResetResultSchema, type PasswordResetResult } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** POST /api/auth/password/check {token}: whether the link can still be used, and for which kind of account. */
export async function checkResetLink(token: string): Promise<PasswordResetResult> {
  return passwordResetResultSchema.parse(await api.post<unknown>('/api/auth/password/check', { token }));
}

export const getCheckResetLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['password-recovery', 'check', token] as const,
    queryFn: () => checkResetLink(token),
    enabled: token !== '',
    // A refused link stays refused; a used one must not be re-checked from a stale cache.
    retry: false,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

export const useCheckResetLink = (token: string) => useQuery(getCheckResetLinkQueryOptions(token));
