import { useMutation } from '@tanstack/react-query';
import { resultSchema, type Result } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** POST /api/auth/email/resend: a new verification link (at most one a minute, five an hour). */
export async function resendVerification(): Promise<Result> {
  return resultSchema.parse(await api.post<unknown>('/api/auth/email/resend', {}));
}

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
