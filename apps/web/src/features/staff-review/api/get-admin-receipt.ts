import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminReceiptDetailSchema, type AdminReceiptDetail } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { ADMIN_RECEIPTS_KEY } from './get-admin-receipts.js';

/** GET /api/admin/receipts/:token (Recibo_Admin_Boton.php?token): the receipt, its file links and history. */
export async function getAdminReceipt(token: string): Promise<AdminReceiptDetail> {
  return adminReceiptDetailSchema.parse(await api.get<unknown>(`/api/admin/receipts/${encodeURIComponent(token)}`));
}

export const getAdminReceiptQueryOptions = (token: string) =>
  queryOptions({ queryKey: [...ADMIN_RECEIPTS_KEY, 'detail', token] as const, queryFn: () => getAdminReceipt(token), staleTime: 0, retry: false });

export const useAdminReceipt = (token: string) => useQuery({ ...getAdminReceiptQueryOptions(token), enabled: token !== '' });
