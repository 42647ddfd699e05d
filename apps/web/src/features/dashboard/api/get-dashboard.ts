import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardSchema, type Dashboard } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

export interface DashboardRange {
  desde: string;
  hasta: string;
}

/** GET /api/admin/dashboard: the range's figures (no range: the server's last 30 Panama days). */
export async function getDashboard(range: DashboardRange | null): Promise<Dashboard> {
  const query = range ? `?${new URLSearchParams({ desde: range.desde, hasta: range.hasta }).toString()}` : '';
  return dashboardSchema.parse(await api.get<unknown>(`/api/admin/dashboard${query}`));
}

export const getDashboardQueryOptions = (range: DashboardRange | null) =>
  queryOptions({
    queryKey: ['dashboard', range?.desde ?? null, range?.hasta ?? null] as const,
    queryFn: () => getDashboard(range),
    staleTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
  });

export const useDashboard = (range: DashboardRange | null) => useQuery(getDashboardQueryOptions(range));
