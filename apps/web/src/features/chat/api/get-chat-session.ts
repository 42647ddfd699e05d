import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatSessionSchema, type ChatSession } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { forConsultation } from '../hooks/use-chat-target.js';

/** GET /api/consultations/chat-session?consulta=<token> ("chat session check"): usuario_id, correo, nombre, apellido, pago, api. 403 without permission. */
export async function getChatSession(consulta?: string): Promise<ChatSession> {
  return chatSessionSchema.parse(await api.get<unknown>(forConsultation('/api/consultations/chat-session', consulta)));
}

export const getChatSessionQueryOptions = (consulta?: string) =>
  queryOptions({ queryKey: ['chat', 'session', consulta ?? null] as const, queryFn: () => getChatSession(consulta), staleTime: 0, retry: false });

export const useChatSession = (consulta?: string) => useQuery(getChatSessionQueryOptions(consulta));
