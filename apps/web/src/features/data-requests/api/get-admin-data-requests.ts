import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminDataRequestSchema, pageSchema, type AdminDataRequest, type ListPage } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { listQuery } from '../../../lib/use-cursor-pages.js';

const page = pageSchema(adminDataRequestSchema);

export const ADMIN_DATA_REQUESTS_KEY = ['data-requests', 'admin'] as const;

/** GET /api/admin/data-requests: one page of pending or handled requests, newest first. */
export async function getAdminDataRequests(
  estado: 'pendiente' | 'resuelta',
  nombre: string | null,
  cursor: string | undefined,
): Promise<ListPage<AdminDataRequest>> {
  return page.parse(await api.get<unknown>(`/api/admin/data-requests${listQuery({ estado, nombre, cursor })}`));
}

export const getAdminDataRequestsQueryOptions = (estado: 'pendiente' | 'resuelta', nombre: string | null, cursor: string | undefined) =>
  queryOptions({
    queryKey: [...ADMIN_DATA_REQUESTS_KEY, estado, nombre, cursor] as const,
    queryFn: () => getAdminDataRequests(estado, nombre, cursor),
    staleTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
  });

export const useAdminDataRequests = (estado: 'pendiente' | 'resuelta', nombre: string | null, cursor: string | undefined) =>
  useQuery(getAdminDataRequestsQueryOptions(estado, nombre, cursor));
