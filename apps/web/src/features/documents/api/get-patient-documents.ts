import { queryOptions, useQuery } from '@tanstack/react-query';
import { patientDocumentListSchema, type PatientDocument } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { DOCUMENTS_KEY } from './get-document-profile.js';

/** GET /api/patient/documents: the documents bound to the patient's account. */
export async function getPatientDocuments(): Promise<PatientDocument[]> {
  const parsed = patientDocumentListSchema.safeParse(await api.get<unknown>('/api/patient/documents'));
  return parsed.success ? parsed.data : [];
}

export const getPatientDocumentsQueryOptions = () =>
  queryOptions({ queryKey: [...DOCUMENTS_KEY, 'patient'] as const, queryFn: getPatientDocuments, staleTime: 0 });

export const usePatientDocuments = () => useQuery(getPatientDocumentsQueryOptions());
