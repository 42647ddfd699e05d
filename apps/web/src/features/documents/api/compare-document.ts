import { useMutation } from '@tanstack/react-query';
import { comparisonResultSchema, type ComparisonResult } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** POST /api/documents/verify/:codigo (multipart archivo): does this file match the issued document? */
export async function compareDocument({ codigo, archivo }: { codigo: string; archivo: File }): Promise<ComparisonResult> {
  const body = new FormData();
  body.append('archivo', archivo);
  return comparisonResultSchema.parse(await api.post<unknown>(`/api/documents/verify/${encodeURIComponent(codigo)}`, body));
}

export const useCompareDocument = () => useMutation({ mutationFn: compareDocument });
