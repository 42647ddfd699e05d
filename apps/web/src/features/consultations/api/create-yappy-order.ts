import { useMutation } from '@tanstack/react-query';
import { YAPPY_API, yappyOrderStartedSchema, type ConsultationYappyOrder, type YappyOrderStarted } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/**
 * POST /api/consultations/yappy/order: the consultation's request (the history fields the receipt
 * path takes, no amount: the server's price) and the Yappy order the button hands to Yappy's component.
 */
export async function createYappyOrder(body: ConsultationYappyOrder): Promise<YappyOrderStarted> {
  return yappyOrderStartedSchema.parse(await api.post<unknown>(YAPPY_API.consultationOrder, body));
}

export const useCreateYappyOrder = () => useMutation({ mutationFn: createYappyOrder });
