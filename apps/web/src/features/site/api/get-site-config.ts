import { queryOptions, useQuery } from '@tanstack/react-query';
import { siteConfigSchema, type SiteConfig } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** GET /api/site/config: the clinic's public settings (name, video addresses). */
export async function getSiteConfig(): Promise<SiteConfig> {
  return siteConfigSchema.parse(await api.get<unknown>('/api/site/config'));
}

export const getSiteConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['site', 'config'],
    queryFn: getSiteConfig,
    // Configuration changes only with a server restart.
    staleTime: 5 * 60_000,
  });

export const useSiteConfig = () => useQuery(getSiteConfigQueryOptions());
