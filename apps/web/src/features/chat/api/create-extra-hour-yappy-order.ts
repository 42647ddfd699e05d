import { useMutation } from '@tanstack/react-query';
import { YAPPY_API, yappyOrderStartedSchema, type YappyOrderStarted } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { forConsultation, useChatTarget } from '../hooks/use-chat-target.js';

/** POST /api/chat/extra-hour/yappy/order: the Yappy order of an extra hour of the patient's chat (the server's price). */
export async function createExtraHourYappyOrder(consulta?: string): Promise<YappyOrderStarted> {
  return yappyOrderStartedSchema.parse(await api.post<unknown>(forConsultation(YAPPY_API.extraHourOrder, consulta), {}));
}

export const useCreateExtraHourYappyOrder = () => {
  const consulta = useChatTarget();
  return useMutation({ mutationFn: () => createExtraHourYappyOrder(consulta) });
};
