import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resultSchema, type PaypalRefundInput, type Result } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { ADMIN_RECEIPTS_KEY } from './get-admin-receipts.js';

/** POST /api/admin/receipts/refund-paypal {id}: refunds a PayPal payment owed back through PayPal (the whole amount, once). */
export async function refundPaypal(body: PaypalRefundInput): Promise<Result> {
  return resultSchema.parse(await api.post<unknown>('/api/admin/receipts/refund-paypal', body));
}

export const useRefundPaypal = () => {
  const client = useQueryClient();
  // Refetched whatever the answer: a refusal ('ya fue reembolsado') also means the state changed.
  return useMutation({ mutationFn: refundPaypal, onSettled: () => client.invalidateQueries({ queryKey: ADMIN_RECEIPTS_KEY }) });
};
