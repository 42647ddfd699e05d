import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resultSchema, type Result } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { CALENDAR_FEED_KEY } from './keys.js';

/** DELETE /api/doctor/calendar-feed: the doctor's feed URL stops working. */
export async function revokeCalendarFeed(): Promise<Result> {
  return resultSchema.parse(await api.delete<unknown>('/api/doctor/calendar-feed'));
}

export const useRevokeCalendarFeed = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: revokeCalendarFeed, onSettled: () => client.invalidateQueries({ queryKey: CALENDAR_FEED_KEY }) });
};
