import { queryOptions, useQuery } from '@tanstack/react-query';
import { doctorBlockedDatesSchema, type DoctorBlockedDate } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { BLOCKED_DATES_KEY } from './keys.js';

/** The doctor's own blocks, or (`doctorId`) an administrator's address for that doctor's (issue 24). */
export const blockedDatesUrl = (doctorId?: string) =>
  doctorId ? `/api/admin/doctors/${encodeURIComponent(doctorId)}/blocked-dates` : '/api/doctor/blocked-dates';

/** GET /api/doctor/blocked-dates (or the administrator's for `doctorId`): unavailable dates, today and later, with the appointments each holds. */
export async function getDoctorBlockedDates(doctorId?: string): Promise<DoctorBlockedDate[]> {
  return doctorBlockedDatesSchema.parse(await api.get<unknown>(blockedDatesUrl(doctorId)));
}

export const getDoctorBlockedDatesQueryOptions = (doctorId?: string) =>
  queryOptions({
    queryKey: [...BLOCKED_DATES_KEY, 'list', doctorId ?? 'mine'] as const,
    queryFn: () => getDoctorBlockedDates(doctorId),
    staleTime: 0,
  });

export const useDoctorBlockedDates = (doctorId?: string) => useQuery(getDoctorBlockedDatesQueryOptions(doctorId));
