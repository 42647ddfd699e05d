import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resultSchema, type Result } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { ADMIN_RECEIPTS_KEY } from './get-admin-receipts.js';

/** POST /api/admin/receipts/approve {id}: approves a pending payment whose purpose allows it from this screen. */
export async function approveReceipt(body: { id: string }): Promise<Result> {
  return resultSchema.parse(await api.post<unknown>('/api/admin/receipts/approve', body));
}

export const useApproveReceipt = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: approveReceipt, onSuccess: () => client.invalidateQueries({ queryKey: ADMIN_RECEIPTS_KEY }) });
};
