import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatSessionSchema, type ChatSession } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** GET /api/consultations/chat-session ("chat session check"): usuario_id, correo, nombre, apellido, pago, api. 403 without permission. */
export async function getChatSession(): Promise<ChatSession> {
  return chatSessionSchema.parse(await api.get<unknown>('/api/consultations/chat-session'));
}

export const getChatSessionQueryOptions = () =>
  queryOptions({ queryKey: ['chat', 'session'] as const, queryFn: getChatSession, staleTime: 0, retry: false });

export const useChatSession = () => useQuery(getChatSessionQueryOptions());
