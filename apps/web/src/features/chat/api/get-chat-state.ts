import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatStateSchema, type ChatState } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** GET /api/chat (the session check's `api`): the consultation, the server's remaining time, what was sent. */
export async function getChatState(): Promise<ChatState> {
  return chatStateSchema.parse(await api.get<unknown>('/api/chat'));
}

export const getChatStateQueryOptions = () =>
  queryOptions({ queryKey: ['chat', 'state'] as const, queryFn: getChatState, staleTime: 0, retry: false });

export const useChatState = (enabled = true) => useQuery({ ...getChatStateQueryOptions(), enabled });
