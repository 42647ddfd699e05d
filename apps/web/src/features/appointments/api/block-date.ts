import { useMutation, useQueryClient } from '@tanstack/react-query';
import { blockDateResultSchema, type BlockDate, type BlockDateResult } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { blockedDatesUrl } from './get-doctor-blocked-dates.js';
import { APPOINTMENTS_KEY } from './keys.js';

/**
 * POST /api/doctor/blocked-dates (ingresar_fechas.php), or an administrator's POST
 * /api/admin/doctors/:id/blocked-dates (`doctorId`): JSON date (`desde`/`hasta` for part of the
 * day), and `confirmar` after the warning.
 */
export async function blockDate({
  doctorId,
  ...body
}: BlockDate & { doctorId?: string | undefined }): Promise<BlockDateResult> {
  return blockDateResultSchema.parse(await api.post<unknown>(blockedDatesUrl(doctorId), body));
}

export const useBlockDate = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: blockDate,
    onSettled: () => client.invalidateQueries({ queryKey: APPOINTMENTS_KEY }),
  });
};
