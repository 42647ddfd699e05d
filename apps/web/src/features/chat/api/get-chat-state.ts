import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatStateSchema, type ChatState } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { forConsultation } from '../hooks/use-chat-target.js';

/**
 * GET /api/chat?consulta=<token> (the session check's `api`): the consultation's chat, the server's
 * remaining time, what was sent, and the patient's other open chats. Without a token: the newest.
 */
export async function getChatState(consulta?: string): Promise<ChatState> {
  return chatStateSchema.parse(await api.get<unknown>(forConsultation('/api/chat', consulta)));
}

/** Every chat's state (to read them all again after a payment). */
export const CHAT_STATE_KEY = ['chat', 'state'] as const;

export const getChatStateQueryOptions = (consulta?: string) =>
  queryOptions({ queryKey: [...CHAT_STATE_KEY, consulta ?? null] as const, queryFn: () => getChatState(consulta), staleTime: 0, retry: false });

export const useChatState = (consulta?: string, enabled = true) => useQuery({ ...getChatStateQueryOptions(consulta), enabled });
