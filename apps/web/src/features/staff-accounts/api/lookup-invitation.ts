import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffInvitationInfoSchema, type StaffInvitationInfo } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** POST /api/staff-invitations/lookup: what an invitation link is for (kind, e-mail, service), or why it cannot be used. */
export async function lookupInvitation(token: string): Promise<StaffInvitationInfo> {
  return staffInvitationInfoSchema.parse(await api.post<unknown>('/api/staff-invitations/lookup', { token }));
}

export const lookupInvitationQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['staff-invitation', token] as const, queryFn: () => lookupInvitation(token), retry: false, enabled: token !== '' });

export const useInvitation = (token: string) => useQuery(lookupInvitationQueryOptions(token));
