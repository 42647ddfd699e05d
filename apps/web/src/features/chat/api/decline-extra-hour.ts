import { useMutation } from '@tanstack/react-query';
import { resultSchema } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { forConsultation, useChatTarget } from '../hooks/use-chat-target.js';

/** POST /api/chat/extra-hour/decline: the 'Área de Pagos' closed without paying ends the chat time. */
export async function declineExtraHour(consulta?: string) {
  return resultSchema.parse(await api.post<unknown>(forConsultation('/api/chat/extra-hour/decline', consulta)));
}

export const useDeclineExtraHour = () => {
  const consulta = useChatTarget();
  return useMutation({ mutationFn: () => declineExtraHour(consulta) });
};
