import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { adminReceiptRowSchema, type AdminReceiptRow } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** GET /api/admin/receipts, or POST /api/admin/receipts/search {input} by the patient's first name. */
export async function getAdminReceipts(search: string | null): Promise<AdminReceiptRow[]> {
  const data =
    search === null ? await api.get<unknown>('/api/admin/receipts') : await api.post<unknown>('/api/admin/receipts/search', { input: search });
  const parsed = z.array(adminReceiptRowSchema).safeParse(data);
  return parsed.success ? parsed.data : [];
}

export const ADMIN_RECEIPTS_KEY = ['staff-review', 'receipts'] as const;

export const getAdminReceiptsQueryOptions = (search: string | null) =>
  queryOptions({ queryKey: [...ADMIN_RECEIPTS_KEY, 'list', search] as const, queryFn: () => getAdminReceipts(search), staleTime: 0, retry: false });

export const useAdminReceipts = (search: string | null) => useQuery(getAdminReceiptsQueryOptions(search));
