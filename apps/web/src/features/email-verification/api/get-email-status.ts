import { queryOptions, useQuery } from '@tanstack/react-query';
import { emailVerificationStatusSchema, type EmailVerificationStatus } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** GET /api/auth/email/status: whether the signed-in patient's address is verified. */
export async function getEmailStatus(): Promise<EmailVerificationStatus> {
  return emailVerificationStatusSchema.parse(await api.get<unknown>('/api/auth/email/status'));
}

export const emailStatusQueryKey = ['email-verification', 'status'] as const;

export const getEmailStatusQueryOptions = () =>
  queryOptions({
    queryKey: emailStatusQueryKey,
    queryFn: getEmailStatus,
    // The link is often opened in another tab: asked again when the person comes back to this one.
    refetchOnWindowFocus: true,
    staleTime: 30_000,
    retry: false,
  });

export const useEmailStatus = (enabled: boolean) => useQuery({ ...getEmailStatusQueryOptions(), enabled });
