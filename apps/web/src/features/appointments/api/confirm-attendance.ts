import { useMutation, useQueryClient } from '@tanstack/react-query';
import { attendanceConfirmResultSchema, type AttendanceConfirmResult } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { attendanceQueryKey } from './get-attendance.js';

/** POST /api/appointments/attendance/confirm {token}: the patient's one-tap answer (no sign-in). */
export async function confirmAttendance(token: string): Promise<AttendanceConfirmResult> {
  return attendanceConfirmResultSchema.parse(await api.post<unknown>('/api/appointments/attendance/confirm', { token }));
}

export const useConfirmAttendance = (token: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => confirmAttendance(token),
    onSuccess: (result) => client.setQueryData(attendanceQueryKey(token), result.cita),
  });
};
