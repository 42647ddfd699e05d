import { useQuery } from '@tanstack/react-query';
import { attendanceViewSchema, type AttendanceView } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/**
 * POST /api/appointments/attendance {token}: the appointment a reminder's confirm link names (no
 * sign-in). A POST that only reads: the token stays out of URLs and logs (decision 0052).
 */
export async function getAttendance(token: string): Promise<AttendanceView> {
  return attendanceViewSchema.parse(await api.post<unknown>('/api/appointments/attendance', { token }));
}

export const attendanceQueryKey = (token: string) => ['appointments', 'attendance', token] as const;

export const useAttendance = (token: string) =>
  useQuery({ queryKey: attendanceQueryKey(token), queryFn: () => getAttendance(token), retry: false, enabled: token !== '' });
