import { useMutation } from '@tanstack/react-query';
import { consultationYappyOrderCreatedSchema, type ConsultationRequest, type ConsultationYappyOrderCreated } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/**
 * POST /api/consultations/yappy/order: the consultation's request (the history fields the receipt
 * path takes, no amount: the server's price) and the Yappy order the button hands to Yappy's component.
 */
export async function createYappyOrder(body: ConsultationRequest): Promise<ConsultationYappyOrderCreated> {
  return consultationYappyOrderCreatedSchema.parse(await api.post<unknown>('/api/consultations/yappy/order', body));
}

export const useCreateYappyOrder = () => useMutation({ mutationFn: createYappyOrder });
