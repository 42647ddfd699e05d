import { queryOptions, useQuery } from '@tanstack/react-query';
import { verificationResultSchema, type VerificationResult } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { DOCUMENTS_KEY } from './get-document-profile.js';

/** GET /api/documents/verify/:codigo (public): issued or not, what, by which doctor, when. */
export async function verifyDocument(codigo: string): Promise<VerificationResult> {
  return verificationResultSchema.parse(await api.get<unknown>(`/api/documents/verify/${encodeURIComponent(codigo)}`));
}

export const getVerifyDocumentQueryOptions = (codigo: string) =>
  queryOptions({
    queryKey: [...DOCUMENTS_KEY, 'verify', codigo] as const,
    queryFn: () => verifyDocument(codigo),
    staleTime: 0,
    retry: false,
  });

export const useVerifyDocument = (codigo: string) => useQuery({ ...getVerifyDocumentQueryOptions(codigo), enabled: codigo !== '' });
