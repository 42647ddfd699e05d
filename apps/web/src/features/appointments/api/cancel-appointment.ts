import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resultSchema, type Result } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { APPOINTMENTS_KEY } from './keys.js';

/** POST /api/admin/appointments/:token/cancel {motivo}: an administrator cancels; the slot is freed and the patient told. */
export async function cancelAppointment(input: { token: string; motivo: string }): Promise<Result> {
  return resultSchema.parse(await api.post<unknown>(`/api/admin/appointments/${encodeURIComponent(input.token)}/cancel`, { motivo: input.motivo }));
}

export const useCancelAppointment = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: cancelAppointment, onSettled: () => client.invalidateQueries({ queryKey: APPOINTMENTS_KEY }) });
};
