import { useMutation } from '@tanstack/react-query';
import { resultSchema, type PasswordResetRequestInput, type Result } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** POST /api/auth/password/forgot {email, role}: mails a reset link if the account exists (same answer either way). */
export async function requestPasswordReset(input: PasswordResetRequestInput): Promise<Result> {
  return resultSchema.parse(await api.post<unknown>('/api/auth/password/forgot', input));
}

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
