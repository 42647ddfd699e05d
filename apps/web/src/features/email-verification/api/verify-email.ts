import { useMutation } from '@tanstack/react-query';
import { resultSchema, type Result } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** POST /api/auth/email/verify {token}: uses the mailed link and verifies the address. */
export async function verifyEmail(token: string): Promise<Result> {
  return resultSchema.parse(await api.post<unknown>('/api/auth/email/verify', { token }));
}

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
