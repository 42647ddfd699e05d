import { useQuery } from '@tanstack/react-query';
import type { WaitlistEntry } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { WAITLIST_KEY } from './keys.js';

/** GET /api/appointments/waitlist: the patient's active waitlist entries, with their open offers. */
export async function getMyWaitlist(): Promise<WaitlistEntry[]> {
  return api.get<WaitlistEntry[]>('/api/appointments/waitlist');
}

export const useMyWaitlist = () => useQuery({ queryKey: [...WAITLIST_KEY, 'mine'] as const, queryFn: getMyWaitlist });
