import { queryOptions, useQuery } from '@tanstack/react-query';
import { unlinkedDocumentListSchema, type UnlinkedDocument } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { DOCUMENTS_KEY } from './get-document-profile.js';

/** GET /api/admin/documents/unlinked: documents bound to no account, waiting for an administrator. */
export async function getUnlinkedDocuments(): Promise<UnlinkedDocument[]> {
  return unlinkedDocumentListSchema.parse(await api.get<unknown>('/api/admin/documents/unlinked'));
}

export const unlinkedDocumentsKey = [...DOCUMENTS_KEY, 'unlinked'] as const;

export const getUnlinkedDocumentsQueryOptions = () =>
  queryOptions({ queryKey: unlinkedDocumentsKey, queryFn: getUnlinkedDocuments, staleTime: 0 });

export const useUnlinkedDocuments = () => useQuery(getUnlinkedDocumentsQueryOptions());
