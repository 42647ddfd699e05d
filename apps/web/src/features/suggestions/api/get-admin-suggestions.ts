import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminSuggestionRowSchema, pageSchema, type AdminSuggestionRow, type ListPage } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { listQuery } from '../../../lib/use-cursor-pages.js';

const page = pageSchema(adminSuggestionRowSchema);

/** GET /api/admin/suggestions (Sugerencias_Admin.php): newest first, by first name, one page. */
export async function getAdminSuggestions(nombre: string | null, cursor: string | undefined): Promise<ListPage<AdminSuggestionRow>> {
  // A non-array answer reads as an empty list (docs/spec/staff.md, section 8).
  const parsed = page.safeParse(await api.get<unknown>(`/api/admin/suggestions${listQuery({ nombre, cursor })}`));
  return parsed.success ? parsed.data : { items: [], next_cursor: null };
}

export const getAdminSuggestionsQueryOptions = (nombre: string | null, cursor: string | undefined) =>
  queryOptions({
    queryKey: ['suggestions', 'admin', nombre, cursor] as const,
    queryFn: () => getAdminSuggestions(nombre, cursor),
    staleTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
  });

export const useAdminSuggestions = (nombre: string | null, cursor: string | undefined) => useQuery(getAdminSuggestionsQueryOptions(nombre, cursor));
