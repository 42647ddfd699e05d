import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { calendarWeekSchema, type CalendarWeek } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { CALENDAR_WEEK_KEY } from './keys.js';

/**
 * The week holding `fecha`: GET /api/doctor/calendar/week (the doctor's own), or an
 * administrator's GET /api/admin/calendar/week for one doctor (`doctorId`) or every doctor ('').
 */
export async function getCalendarWeek(view: 'doctor' | 'admin', fecha: string, doctorId: string): Promise<CalendarWeek> {
  const query = new URLSearchParams({ desde: fecha, ...(view === 'admin' && doctorId ? { doctor: doctorId } : {}) });
  return calendarWeekSchema.parse(await api.get<unknown>(`/api/${view}/calendar/week?${query.toString()}`));
}

export const useCalendarWeek = (view: 'doctor' | 'admin', fecha: string, doctorId: string) =>
  useQuery({
    queryKey: [...CALENDAR_WEEK_KEY, view, fecha, doctorId] as const,
    queryFn: () => getCalendarWeek(view, fecha, doctorId),
    staleTime: 0,
    // The grid stays on screen while the next week loads (no jump on every arrow).
    placeholderData: keepPreviousData,
  });
