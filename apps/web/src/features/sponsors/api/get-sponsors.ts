import { queryOptions, useQuery } from '@tanstack/react-query';
import { sponsorListSchema, type Sponsor } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** GET /api/sponsors: the sponsors of the banner areas (name, picture, link). */
export async function getSponsors(): Promise<Sponsor[]> {
  return sponsorListSchema.parse(await api.get<unknown>('/api/sponsors'));
}

export const SPONSORS_KEY = ['sponsors'] as const;

export const getSponsorsQueryOptions = () =>
  queryOptions({ queryKey: SPONSORS_KEY, queryFn: getSponsors, staleTime: 5 * 60_000 });

export const useSponsors = () => useQuery(getSponsorsQueryOptions());
