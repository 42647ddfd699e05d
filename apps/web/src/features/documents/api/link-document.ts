import { useMutation, useQueryClient } from '@tanstack/react-query';
import { linkDocumentResultSchema, type LinkDocumentInput } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { unlinkedDocumentsKey } from './get-unlinked-documents.js';

/** POST /api/admin/documents/unlinked/:id/link: binds the document to the confirmed account. */
export async function linkDocument({ id, ...body }: LinkDocumentInput & { id: string }) {
  return linkDocumentResultSchema.parse(await api.post<unknown>(`/api/admin/documents/unlinked/${encodeURIComponent(id)}/link`, body));
}

/** The list is read again afterwards: the linked document leaves it. */
export const useLinkDocument = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: linkDocument, onSettled: () => client.invalidateQueries({ queryKey: unlinkedDocumentsKey }) });
};
