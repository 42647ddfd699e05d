import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resultSchema, type ReceiptReject, type Result } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** POST /api/admin/receipts/reject {id, motivo}: refuses a pending transfer or Yappy receipt; the patient sees the reason. */
export async function rejectReceipt(body: ReceiptReject): Promise<Result> {
  return resultSchema.parse(await api.post<unknown>('/api/admin/receipts/reject', body));
}

export const useRejectReceipt = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: rejectReceipt, onSuccess: () => client.invalidateQueries({ queryKey: ['staff-review'] }) });
};
