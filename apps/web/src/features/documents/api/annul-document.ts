import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resultSchema, type DocumentType, type Result } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { documentsListKey } from './get-documents.js';

/** POST /api/doctor/documents/:tipo/:id/anular { motivo }: the issuing doctor annuls a document (decision 0041). */
export async function annulDocument({ tipo, id, motivo }: { tipo: DocumentType; id: string; motivo: string }): Promise<Result> {
  return resultSchema.parse(await api.post<unknown>(`/api/doctor/documents/${tipo}/${id}/anular`, { motivo }));
}

/** The table is read again: the row then says 'Anulado' and offers 'Reemplazar'. */
export const useAnnulDocument = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: annulDocument,
    onSuccess: (_r, { tipo }) => client.invalidateQueries({ queryKey: documentsListKey(tipo) }),
  });
};
