import { useQuery } from '@tanstack/react-query';
import type { WaitlistOffer } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { WAITLIST_KEY } from './keys.js';

/** GET /api/appointments/waitlist/offers/:token: the offer a mail's link opens (its own patient only). */
export async function getWaitlistOffer(token: string): Promise<WaitlistOffer> {
  return api.get<WaitlistOffer>(`/api/appointments/waitlist/offers/${encodeURIComponent(token)}`);
}

export const useWaitlistOffer = (token: string) =>
  useQuery({ queryKey: [...WAITLIST_KEY, 'offer', token] as const, queryFn: () => getWaitlistOffer(token), retry: false });
