import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminReceiptRowSchema, pageSchema, type AdminReceiptRow, type ListPage } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { listQuery } from '../../../lib/use-cursor-pages.js';

const page = pageSchema(adminReceiptRowSchema);

/** One page of GET /api/admin/receipts, or of POST /api/admin/receipts/search {input} by the patient's first name. */
export async function getAdminReceipts(
  search: string | null,
  cursor: string | undefined,
): Promise<ListPage<AdminReceiptRow>> {
  const paging = listQuery({ cursor });
  const data =
    search === null
      ? await api.get<unknown>(`/api/admin/receipts${paging}`)
      : await api.post<unknown>(`/api/admin/receipts/search${paging}`, { input: search });
  // An answer of another shape reads as an empty list (docs/spec/staff.md, section 8).
  const parsed = page.safeParse(data);
  return parsed.success ? parsed.data : { items: [], next_cursor: null };
}

export const ADMIN_RECEIPTS_KEY = ['staff-review', 'receipts'] as const;

export const getAdminReceiptsQueryOptions = (search: string | null, cursor: string | undefined) =>
  queryOptions({
    queryKey: [...ADMIN_RECEIPTS_KEY, 'list', search, cursor] as const,
    queryFn: () => getAdminReceipts(search, cursor),
    staleTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
  });

export const useAdminReceipts = (search: string | null, cursor: string | undefined) =>
  useQuery(getAdminReceiptsQueryOptions(search, cursor));
