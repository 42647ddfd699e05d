import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { patientSuggestionListSchema, type PatientSuggestion } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { DOCUMENTS_KEY } from './get-document-profile.js';

/** GET /api/doctor/documents/patients?q=: this doctor's own patients matching a name or cédula. */
export async function searchPatients(q: string): Promise<PatientSuggestion[]> {
  return patientSuggestionListSchema.parse(await api.get<unknown>(`/api/doctor/documents/patients?q=${encodeURIComponent(q)}`));
}

/** The server needs at least two characters; shorter text asks nothing. */
export const PATIENT_SEARCH_MIN = 2;

export const searchPatientsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...DOCUMENTS_KEY, 'patients', q] as const,
    queryFn: () => searchPatients(q),
    enabled: q.length >= PATIENT_SEARCH_MIN,
    staleTime: 30_000,
    // The list under the box keeps the last answer while the next one comes (no flicker as one types).
    placeholderData: keepPreviousData,
  });

export const useSearchPatients = (q: string) => useQuery(searchPatientsQueryOptions(q));
