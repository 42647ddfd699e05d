import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resultSchema, type Attendance, type Result } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { APPOINTMENTS_KEY } from './keys.js';

/** POST /api/{doctor|admin}/appointments/:token/attendance: attended or no-show, after the hour started (decision 0049). */
export async function markAttendance(input: { token: string; as: 'doctor' | 'admin'; asistencia: Attendance }): Promise<Result> {
  return resultSchema.parse(
    await api.post<unknown>(`/api/${input.as}/appointments/${encodeURIComponent(input.token)}/attendance`, { asistencia: input.asistencia }),
  );
}

export const useMarkAttendance = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: markAttendance, onSettled: () => client.invalidateQueries({ queryKey: APPOINTMENTS_KEY }) });
};
