import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publishResultSchema, type PublishResult } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { GALLERY_KEY } from './get-gallery.js';

/** DELETE /api/gallery/:id: removes an image from the gallery. */
export async function deleteGalleryImage(id: string): Promise<PublishResult> {
  return publishResultSchema.parse(await api.delete<unknown>(`/api/gallery/${id}`));
}

export const useDeleteGalleryImage = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteGalleryImage, onSuccess: () => client.invalidateQueries({ queryKey: GALLERY_KEY }) });
};
