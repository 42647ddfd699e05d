import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resultSchema, type ManualRefundInput, type Result } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { ADMIN_RECEIPTS_KEY } from './get-admin-receipts.js';

/** POST /api/admin/receipts/refund: multipart id, referencia and an optional proof `archivo` (image or PDF) of a transfer or Yappy refund. */
export async function recordRefund(input: ManualRefundInput & { archivo: File | null }): Promise<Result> {
  const form = new FormData();
  form.append('id', input.id);
  form.append('referencia', input.referencia);
  if (input.archivo) form.append('archivo', input.archivo, input.archivo.name);
  return resultSchema.parse(await api.post<unknown>('/api/admin/receipts/refund', form));
}

export const useRecordRefund = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: recordRefund, onSettled: () => client.invalidateQueries({ queryKey: ADMIN_RECEIPTS_KEY }) });
};
