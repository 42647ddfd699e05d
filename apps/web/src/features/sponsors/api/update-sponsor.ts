import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publishResultSchema, type PublishResult } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { SPONSORS_KEY } from './get-sponsors.js';
import { sponsorFormData } from './sponsor-form-data.js';

/** PUT /api/admin/sponsors/:id: edits a sponsor; the picture changes only when a new one is sent. */
export async function updateSponsor(values: { id: string; nombre: string; enlace: string; imagen?: File | undefined }): Promise<PublishResult> {
  return publishResultSchema.parse(await api.put<unknown>(`/api/admin/sponsors/${values.id}`, sponsorFormData(values)));
}

export const useUpdateSponsor = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateSponsor, onSuccess: () => client.invalidateQueries({ queryKey: SPONSORS_KEY }) });
};
