import { useMutation } from '@tanstack/react-query';
import { resultSchema, type Consent, type Result } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** POST /api/consultations/consent {aceptar: 'si' | 'no'}: the server records the answer with its time. */
export async function sendConsent(body: Consent): Promise<Result> {
  return resultSchema.parse(await api.post<unknown>('/api/consultations/consent', body));
}

export const useSendConsent = () => useMutation({ mutationFn: sendConsent });
