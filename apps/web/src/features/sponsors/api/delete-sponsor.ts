import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publishResultSchema, type PublishResult } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { SPONSORS_KEY } from './get-sponsors.js';

/** DELETE /api/admin/sponsors/:id: removes a sponsor and its picture. */
export async function deleteSponsor(id: string): Promise<PublishResult> {
  return publishResultSchema.parse(await api.delete<unknown>(`/api/admin/sponsors/${id}`));
}

export const useDeleteSponsor = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteSponsor, onSuccess: () => client.invalidateQueries({ queryKey: SPONSORS_KEY }) });
};
