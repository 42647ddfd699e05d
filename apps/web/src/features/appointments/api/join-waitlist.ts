import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WaitlistJoin } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { WAITLIST_KEY } from './keys.js';

/** POST /api/appointments/waitlist: waits for an hour of the doctor's full day (decision 0050). */
export async function joinWaitlist(body: WaitlistJoin): Promise<{ success: true; message: string; id: string }> {
  return api.post<{ success: true; message: string; id: string }>('/api/appointments/waitlist', body);
}

export const useJoinWaitlist = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: joinWaitlist, onSettled: () => client.invalidateQueries({ queryKey: WAITLIST_KEY }) });
};
