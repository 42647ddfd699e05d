import { useQuery } from '@tanstack/react-query';
import type { WaitlistCounts } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { WAITLIST_KEY } from './keys.js';

/** GET /api/doctor/waitlist (the doctor's own days) or /api/admin/waitlist (every doctor): how many wait per day. */
export async function getWaitlistCounts(view: 'doctor' | 'admin'): Promise<WaitlistCounts> {
  return api.get<WaitlistCounts>(`/api/${view}/waitlist`);
}

export const useWaitlistCounts = (view: 'doctor' | 'admin') =>
  useQuery({ queryKey: [...WAITLIST_KEY, 'counts', view] as const, queryFn: () => getWaitlistCounts(view) });
