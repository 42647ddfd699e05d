import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { consultationRowSchema, pageSchema, type ConsultationRow, type ListPage } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { listQuery } from '../../../lib/use-cursor-pages.js';

const page = pageSchema(consultationRowSchema);

/** One page of GET /api/admin/consultations (Consulta_Admin.php), or of POST .../search {input} (Algoritmo_Consulta.php) by first name. */
export async function getAdminConsultations(
  search: string | null,
  cursor: string | undefined,
): Promise<ListPage<ConsultationRow>> {
  const paging = listQuery({ cursor });
  const data =
    search === null
      ? await api.get<unknown>(`/api/admin/consultations${paging}`)
      : await api.post<unknown>(`/api/admin/consultations/search${paging}`, { input: search });
  // An answer of another shape reads as an empty list (docs/spec/staff.md, section 8).
  const parsed = page.safeParse(data);
  return parsed.success ? parsed.data : { items: [], next_cursor: null };
}

export const ADMIN_CONSULTATIONS_KEY = ['staff-review', 'consultations'] as const;

export const getAdminConsultationsQueryOptions = (search: string | null, cursor: string | undefined) =>
  queryOptions({
    queryKey: [...ADMIN_CONSULTATIONS_KEY, 'list', search, cursor] as const,
    queryFn: () => getAdminConsultations(search, cursor),
    staleTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
  });

export const useAdminConsultations = (search: string | null, cursor: string | undefined) =>
  useQuery(getAdminConsultationsQueryOptions(search, cursor));
