import { useMutation } from '@tanstack/react-query';
import type { Result, StaffInvitationAcceptInput } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** POST /api/staff-invitations/accept: the invitee's name and password; the account is active at once. */
export const acceptInvitation = (body: StaffInvitationAcceptInput) => api.post<Result>('/api/staff-invitations/accept', body);

export const useAcceptInvitation = () => useMutation({ mutationFn: acceptInvitation });
