import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resultSchema, type Result } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { PROFILE_KEY } from './get-document-profile.js';

/** PUT /api/doctor/documents/profile: multipart firma (PNG), drawn anew or uploaded. */
export async function saveDocumentProfile(values: { firma?: Blob | undefined }): Promise<Result> {
  const body = new FormData();
  if (values.firma) body.append('firma', values.firma, 'firma.png');
  return resultSchema.parse(await api.put<unknown>('/api/doctor/documents/profile', body));
}

export const useSaveDocumentProfile = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveDocumentProfile, onSuccess: () => client.invalidateQueries({ queryKey: PROFILE_KEY }) });
};
