import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resultSchema, type AppointmentReschedule, type Result } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { APPOINTMENTS_KEY } from './keys.js';

/**
 * POST /api/appointments/:token/reschedule (the patient, before the notice window) or
 * /api/admin/appointments/:token/reschedule (an administrator on the patient's behalf): the new
 * date and hour of the same doctor (decision 0049).
 */
export async function rescheduleAppointment(input: { token: string; as: 'patient' | 'admin' } & AppointmentReschedule): Promise<Result> {
  const base = input.as === 'admin' ? '/api/admin/appointments' : '/api/appointments';
  return resultSchema.parse(await api.post<unknown>(`${base}/${encodeURIComponent(input.token)}/reschedule`, { fecha: input.fecha, hora: input.hora }));
}

export const useRescheduleAppointment = () => {
  const client = useQueryClient();
  // The lists, the detail and the free hours all change with a move.
  return useMutation({ mutationFn: rescheduleAppointment, onSettled: () => client.invalidateQueries({ queryKey: APPOINTMENTS_KEY }) });
};
