import { useMutation } from '@tanstack/react-query';
import { exitResultSchema } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** POST /api/chat/exit ("exit chat: answers ok"): ends the patient's chat and closes the consultation. */
export async function exitChat() {
  return exitResultSchema.parse(await api.post<unknown>('/api/chat/exit'));
}

export const useExitChat = () => useMutation({ mutationFn: exitChat });
