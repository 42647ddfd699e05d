import { useMutation } from '@tanstack/react-query';
import type { Result, StaffTwoFactorResetInput } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/**
 * An administrator resets another staff member's two-step verification (decision 0021): the
 * account by e-mail and kind, and a current code of the administrator's own authenticator when
 * they have one.
 */
export const resetStaffTwoFactor = (body: StaffTwoFactorResetInput) =>
  api.post<Result>('/api/admin/staff/two-factor/reset', body);

export const useResetStaffTwoFactor = () => useMutation({ mutationFn: resetStaffTwoFactor });
