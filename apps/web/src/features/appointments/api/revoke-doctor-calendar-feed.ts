import { useMutation } from '@tanstack/react-query';
import { resultSchema, type Result } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** DELETE /api/admin/doctors/:id/calendar-feed: an administrator stops a doctor's feed URL (only the doctor makes a new one). */
export async function revokeDoctorCalendarFeed(doctorId: string): Promise<Result> {
  return resultSchema.parse(await api.delete<unknown>(`/api/admin/doctors/${encodeURIComponent(doctorId)}/calendar-feed`));
}

export const useRevokeDoctorCalendarFeed = () => useMutation({ mutationFn: revokeDoctorCalendarFeed });
