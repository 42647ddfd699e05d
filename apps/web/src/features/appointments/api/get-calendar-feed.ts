import { useQuery } from '@tanstack/react-query';
import { calendarFeedStateSchema, type CalendarFeedState } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { CALENDAR_FEED_KEY } from './keys.js';

/** GET /api/doctor/calendar-feed: whether the doctor's private feed URL exists (never the URL itself). */
export async function getCalendarFeed(): Promise<CalendarFeedState> {
  return calendarFeedStateSchema.parse(await api.get<unknown>('/api/doctor/calendar-feed'));
}

export const useCalendarFeed = () => useQuery({ queryKey: CALENDAR_FEED_KEY, queryFn: getCalendarFeed, staleTime: 0 });
