import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unlinkedDocumentPageSchema, type ListPage, type UnlinkedDocument } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { listQuery } from '../../../lib/use-cursor-pages.js';
import { DOCUMENTS_KEY } from './get-document-profile.js';

/**
 * GET /api/admin/documents/unlinked: one page of the documents bound to no account, oldest first,
 * searched by the patient's first name as the form carried it.
 */
export async function getUnlinkedDocuments(nombre: string | null, cursor: string | undefined): Promise<ListPage<UnlinkedDocument>> {
  return unlinkedDocumentPageSchema.parse(await api.get<unknown>(`/api/admin/documents/unlinked${listQuery({ nombre, cursor })}`));
}

export const unlinkedDocumentsKey = [...DOCUMENTS_KEY, 'unlinked'] as const;

export const getUnlinkedDocumentsQueryOptions = (nombre: string | null, cursor: string | undefined) =>
  queryOptions({
    queryKey: [...unlinkedDocumentsKey, nombre, cursor] as const,
    queryFn: () => getUnlinkedDocuments(nombre, cursor),
    staleTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
  });

export const useUnlinkedDocuments = (nombre: string | null, cursor: string | undefined) =>
  useQuery(getUnlinkedDocumentsQueryOptions(nombre, cursor));
