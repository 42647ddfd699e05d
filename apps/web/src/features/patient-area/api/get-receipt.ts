import { queryOptions, useQuery } from '@tanstack/react-query';
import { receiptDetailSchema, type ReceiptDetail } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { RECEIPTS_KEY } from './get-receipts.js';

/** GET /api/receipts/:token (Recibo_Boton.php?token): one of the patient's own receipts. */
export async function getReceipt(token: string): Promise<ReceiptDetail> {
  return receiptDetailSchema.parse(await api.get<unknown>(`/api/receipts/${encodeURIComponent(token)}`));
}

export const getReceiptQueryOptions = (token: string) =>
  queryOptions({ queryKey: [...RECEIPTS_KEY, 'detail', token] as const, queryFn: () => getReceipt(token), staleTime: 0, retry: false });

export const useReceipt = (token: string) => useQuery({ ...getReceiptQueryOptions(token), enabled: token !== '' });
