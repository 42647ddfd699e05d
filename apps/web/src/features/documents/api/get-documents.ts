import { queryOptions, useQuery } from '@tanstack/react-query';
import { documentListSchema, type DoctorDocument, type DocumentType } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { DOCUMENTS_KEY } from './get-document-profile.js';

/** GET /api/doctor/documents/:tipo (DB_<type>.php): the documents of that type this doctor generated. */
export async function getDocuments(tipo: DocumentType): Promise<DoctorDocument[]> {
  // An answer that is not a list reads as an empty table (staff.md, section 8).
  const parsed = documentListSchema.safeParse(await api.get<unknown>(`/api/doctor/documents/${tipo}`));
  return parsed.success ? parsed.data : [];
}

export const documentsListKey = (tipo: DocumentType) => [...DOCUMENTS_KEY, 'list', tipo] as const;

export const getDocumentsQueryOptions = (tipo: DocumentType) =>
  queryOptions({ queryKey: documentsListKey(tipo), queryFn: () => getDocuments(tipo), staleTime: 0 });

export const useDocuments = (tipo: DocumentType) => useQuery(getDocumentsQueryOptions(tipo));
