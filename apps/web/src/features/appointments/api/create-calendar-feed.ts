import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calendarFeedCreatedSchema, type CalendarFeedCreated } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { CALENDAR_FEED_KEY } from './keys.js';

/** POST /api/doctor/calendar-feed: a new URL (the old one stops working), answered once. */
export async function createCalendarFeed(): Promise<CalendarFeedCreated> {
  return calendarFeedCreatedSchema.parse(await api.post<unknown>('/api/doctor/calendar-feed', {}));
}

export const useCreateCalendarFeed = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: createCalendarFeed, onSettled: () => client.invalidateQueries({ queryKey: CALENDAR_FEED_KEY }) });
};
