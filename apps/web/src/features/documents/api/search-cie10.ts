import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { cie10EntryListSchema, type Cie10Entry } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { DOCUMENTS_KEY } from './get-document-profile.js';

/**
 * GET /api/doctor/documents/cie10?q=: codes of the clinic's CIE-10 list matching a code or words.
 * The list (12 000 entries) stays on the server; a phone asks only for the twenty that match.
 */
export async function searchCie10(q: string): Promise<Cie10Entry[]> {
  return cie10EntryListSchema.parse(await api.get<unknown>(`/api/doctor/documents/cie10?q=${encodeURIComponent(q)}`));
}

export const CIE10_SEARCH_MIN = 2;

export const searchCie10QueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...DOCUMENTS_KEY, 'cie10', q] as const,
    queryFn: () => searchCie10(q),
    enabled: q.length >= CIE10_SEARCH_MIN,
    // The list does not change while the page is open.
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });

export const useSearchCie10 = (q: string) => useQuery(searchCie10QueryOptions(q));
