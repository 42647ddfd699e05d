import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '@clinica/shared';
import { api } from './api-client.js';

/**
 * GET /api/site/config: the clinic's public settings (name, video addresses, contact). The server's
 * response schema already shapes the answer; parsing it again here would put zod in every page's
 * first load. Here in lib/ rather than in features/site because the frame and several features
 * read it (the clinic's WhatsApp on the confirmation pages, decision 0060); one query, one cache entry.
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
