import { queryOptions, useQuery } from '@tanstack/react-query';
import { doctorBlockedDatesSchema, type DoctorBlockedDate } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { BLOCKED_DATES_KEY } from './keys.js';

/** GET /api/doctor/blocked-dates: the doctor's own unavailable dates, today and later, with the appointments each holds. */
export async function getDoctorBlockedDates(): Promise<DoctorBlockedDate[]> {
  return doctorBlockedDatesSchema.parse(await api.get<unknown>('/api/doctor/blocked-dates'));
}

export const getDoctorBlockedDatesQueryOptions = () =>
  queryOptions({ queryKey: [...BLOCKED_DATES_KEY, 'list'] as const, queryFn: getDoctorBlockedDates, staleTime: 0 });

export const useDoctorBlockedDates = () => useQuery(getDoctorBlockedDatesQueryOptions());
