import { useMutation, useQueryClient } from '@tanstack/react-query';
import { weeklyHoursResultSchema, type WeeklyHoursResult, type WeeklyHoursUpdate } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { APPOINTMENTS_KEY } from './keys.js';

/** PUT the weekly hours: the doctor's own, or (`doctorId`) an administrator's for any doctor; `confirmar` after the warning. */
export async function saveWeeklyHours(input: WeeklyHoursUpdate & { doctorId?: string | undefined }): Promise<WeeklyHoursResult> {
  const { doctorId, ...body } = input;
  const url = doctorId ? `/api/admin/doctors/${encodeURIComponent(doctorId)}/weekly-hours` : '/api/doctor/weekly-hours';
  return weeklyHoursResultSchema.parse(await api.put<unknown>(url, body));
}

export const useSaveWeeklyHours = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveWeeklyHours, onSettled: () => client.invalidateQueries({ queryKey: APPOINTMENTS_KEY }) });
};
