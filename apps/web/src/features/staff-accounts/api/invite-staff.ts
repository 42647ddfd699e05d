import { useMutation } from '@tanstack/react-query';
import type { Result, StaffInvitationInput } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** POST /api/admin/staff/invitations: e-mails a single-use link to create an account of this kind. */
export const inviteStaff = (body: StaffInvitationInput) => api.post<Result>('/api/admin/staff/invitations', body);

export const useInviteStaff = () => useMutation({ mutationFn: inviteStaff });
