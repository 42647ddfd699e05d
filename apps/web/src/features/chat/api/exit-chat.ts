import { useMutation } from '@tanstack/react-query';
import { exitResultSchema } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { forConsultation, useChatTarget } from '../hooks/use-chat-target.js';

/** POST /api/chat/exit ("exit chat: answers ok"): ends the patient's chat and closes the consultation. */
export async function exitChat(consulta?: string) {
  return exitResultSchema.parse(await api.post<unknown>(forConsultation('/api/chat/exit', consulta)));
}

export const useExitChat = () => {
  const consulta = useChatTarget();
  return useMutation({ mutationFn: () => exitChat(consulta) });
};
