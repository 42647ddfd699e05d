import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Sponsor } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** GET /api/sponsors: the sponsors of the banner areas (name, picture, link). */
// Not parsed again with zod: the server's response schema shapes it, and zod would weigh on every first load.
export const getSponsors = () => api.get<Sponsor[]>('/api/sponsors');

export const SPONSORS_KEY = ['sponsors'] as const;

export const getSponsorsQueryOptions = () =>
  queryOptions({ queryKey: SPONSORS_KEY, queryFn: getSponsors, staleTime: 5 * 60_000 });

export const useSponsors = () => useQuery(getSponsorsQueryOptions());
