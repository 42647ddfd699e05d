import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { receiptRowSchema, type ReceiptRow } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** GET /api/receipts (Recibo.php): the patient's own payment receipts, newest first. */
export async function getReceipts(): Promise<ReceiptRow[]> {
  // An answer that is not a list reads as no data (docs/spec/patient-and-public.md, section 2).
  const parsed = z.array(receiptRowSchema).safeParse(await api.get<unknown>('/api/receipts'));
  return parsed.success ? parsed.data : [];
}

export const RECEIPTS_KEY = ['patient-area', 'receipts'] as const;

export const getReceiptsQueryOptions = () => queryOptions({ queryKey: [...RECEIPTS_KEY, 'list'] as const, queryFn: getReceipts, staleTime: 0 });

export const useReceipts = () => useQuery(getReceiptsQueryOptions());
