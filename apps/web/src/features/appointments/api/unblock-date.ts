import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resultSchema, type Result } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { blockedDatesUrl } from './get-doctor-blocked-dates.js';
import { APPOINTMENTS_KEY } from './keys.js';

/** DELETE /api/doctor/blocked-dates/:fecha (or the administrator's for `doctorId`; ?desde&hasta for a part of the day): available for appointments again. */
export async function unblockDate(block: {
  fecha: string;
  desde: string | null;
  hasta: string | null;
  doctorId?: string | undefined;
}): Promise<Result> {
  const range =
    block.desde && block.hasta ? `?${new URLSearchParams({ desde: block.desde, hasta: block.hasta }).toString()}` : '';
  return resultSchema.parse(
    await api.delete<unknown>(`${blockedDatesUrl(block.doctorId)}/${encodeURIComponent(block.fecha)}${range}`),
  );
}

export const useUnblockDate = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: unblockDate,
    onSettled: () => client.invalidateQueries({ queryKey: APPOINTMENTS_KEY }),
  });
};
