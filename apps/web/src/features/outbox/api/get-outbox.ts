import { queryOptions, useQuery } from '@tanstack/react-query';
import { outboxListSchema, type OutboxList } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** GET /api/admin/outbox: the newest e-mails, their state, and whether the server sends by SMTP. */
export async function getOutbox(): Promise<OutboxList> {
  return outboxListSchema.parse(await api.get<unknown>('/api/admin/outbox'));
}

export const getOutboxQueryOptions = () =>
  queryOptions({ queryKey: ['outbox', 'list'] as const, queryFn: getOutbox, staleTime: 0, refetchInterval: 10_000 });

export const useOutbox = () => useQuery(getOutboxQueryOptions());
