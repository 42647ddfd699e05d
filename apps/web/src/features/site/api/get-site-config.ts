import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/**
 * GET /api/site/config: the clinic's public settings (name, video addresses). The server's response
 * schema already shapes the answer; parsing it again here would put zod in every page's first load.
 */
export const getSiteConfig = () => api.get<SiteConfig>('/api/site/config');

export const getSiteConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['site', 'config'],
    queryFn: getSiteConfig,
    // Configuration changes only with a server restart.
    staleTime: 5 * 60_000,
  });

export const useSiteConfig = () => useQuery(getSiteConfigQueryOptions());
