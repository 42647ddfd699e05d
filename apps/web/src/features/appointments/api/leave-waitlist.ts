import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Result } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { WAITLIST_KEY } from './keys.js';

/** DELETE /api/appointments/waitlist/:id: the patient leaves one of their waitlist entries. */
export async function leaveWaitlist(id: string): Promise<Result> {
  return api.delete<Result>(`/api/appointments/waitlist/${encodeURIComponent(id)}`);
}

export const useLeaveWaitlist = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: leaveWaitlist, onSettled: () => client.invalidateQueries({ queryKey: WAITLIST_KEY }) });
};
