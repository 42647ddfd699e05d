import { useMutation } from '@tanstack/react-query';
import { passwordResetResultSchema, type PasswordResetInput, type PasswordResetResult } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** POST /api/auth/password/reset {token, password, password_confirm}: sets the new password and uses up the link. */
export async function resetPassword(input: PasswordResetInput): Promise<PasswordResetResult> {
  return passwordResetResultSchema.parse(await api.post<unknown>('/api/auth/password/reset', input));
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
