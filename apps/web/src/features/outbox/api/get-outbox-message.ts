import { queryOptions, useQuery } from '@tanstack/react-query';
import { outboxMessageSchema, type OutboxMessage } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** GET /api/admin/outbox/:id: the plain-text part of a message of the outbox folder. */
export async function getOutboxMessage(id: string): Promise<OutboxMessage> {
  return outboxMessageSchema.parse(await api.get<unknown>(`/api/admin/outbox/${encodeURIComponent(id)}`));
}

export const getOutboxMessageQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['outbox', 'message', id] as const, queryFn: () => getOutboxMessage(id), retry: false });

export const useOutboxMessage = (id: string) => useQuery(getOutboxMessageQueryOptions(id));

/** Where the .eml file of a message is downloaded from. */
export const outboxEmlUrl = (id: string) => `/api/admin/outbox/${encodeURIComponent(id)}/eml`;
