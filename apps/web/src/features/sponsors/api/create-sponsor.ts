import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publishResultSchema, type PublishResult } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { SPONSORS_KEY } from './get-sponsors.js';
import { sponsorFormData } from './sponsor-form-data.js';

/** POST /api/admin/sponsors: adds a sponsor (name, link, picture). */
export async function createSponsor(values: { nombre: string; enlace: string; imagen?: File | undefined }): Promise<PublishResult> {
  return publishResultSchema.parse(await api.post<unknown>('/api/admin/sponsors', sponsorFormData(values)));
}

export const useCreateSponsor = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: createSponsor, onSuccess: () => client.invalidateQueries({ queryKey: SPONSORS_KEY }) });
};
