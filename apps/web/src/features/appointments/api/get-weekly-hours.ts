import { queryOptions, useQuery } from '@tanstack/react-query';
import { weeklyHoursViewSchema, type WeeklyHoursView } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { WEEKLY_HOURS_KEY } from './keys.js';

/** GET /api/doctor/weekly-hours, or an administrator's GET /api/admin/doctors/:id/weekly-hours (`doctorId`). */
export async function getWeeklyHours(doctorId?: string): Promise<WeeklyHoursView> {
  const url = doctorId ? `/api/admin/doctors/${encodeURIComponent(doctorId)}/weekly-hours` : '/api/doctor/weekly-hours';
  return weeklyHoursViewSchema.parse(await api.get<unknown>(url));
}

export const getWeeklyHoursQueryOptions = (doctorId?: string) =>
  queryOptions({ queryKey: [...WEEKLY_HOURS_KEY, doctorId ?? 'mine'] as const, queryFn: () => getWeeklyHours(doctorId), staleTime: 0 });

export const useWeeklyHours = (doctorId?: string, enabled = true) => useQuery({ ...getWeeklyHoursQueryOptions(doctorId), enabled });
