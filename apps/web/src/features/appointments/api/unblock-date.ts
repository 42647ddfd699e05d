import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resultSchema, type Result } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { APPOINTMENTS_KEY } from './keys.js';

/** DELETE /api/doctor/blocked-dates/:fecha: the date is available for appointments again. */
export async function unblockDate(fecha: string): Promise<Result> {
  return resultSchema.parse(await api.delete<unknown>(`/api/doctor/blocked-dates/${encodeURIComponent(fecha)}`));
}

export const useUnblockDate = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: unblockDate, onSettled: () => client.invalidateQueries({ queryKey: APPOINTMENTS_KEY }) });
};
