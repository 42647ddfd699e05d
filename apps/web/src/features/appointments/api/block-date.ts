import { useMutation, useQueryClient } from '@tanstack/react-query';
import { blockDateResultSchema, type BlockDate, type BlockDateResult } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { APPOINTMENTS_KEY } from './keys.js';

/** POST /api/doctor/blocked-dates (ingresar_fechas.php): JSON date (`desde`/`hasta` for part of the day), and `confirmar` after the warning. */
export async function blockDate(body: BlockDate): Promise<BlockDateResult> {
  return blockDateResultSchema.parse(await api.post<unknown>('/api/doctor/blocked-dates', body));
}

export const useBlockDate = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: blockDate, onSettled: () => client.invalidateQueries({ queryKey: APPOINTMENTS_KEY }) });
};
