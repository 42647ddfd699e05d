import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resultSchema, type Result } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { APPOINTMENTS_KEY } from './keys.js';

/** POST /api/appointments/:token/cancel: the patient cancels their own appointment (more than 24 hours ahead). */
export async function cancelMyAppointment(token: string): Promise<Result> {
  return resultSchema.parse(await api.post<unknown>(`/api/appointments/${encodeURIComponent(token)}/cancel`));
}

export const useCancelMyAppointment = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: cancelMyAppointment, onSettled: () => client.invalidateQueries({ queryKey: APPOINTMENTS_KEY }) });
};
