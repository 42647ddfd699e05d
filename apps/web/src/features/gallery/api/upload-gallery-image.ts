import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GALLERY_IMAGE_FIELD, uploadResultSchema, type UploadResult } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { GALLERY_KEY } from './get-gallery.js';

/** POST /api/gallery: uploads ONE image (multipart `image`); the form calls it once per file. */
export async function uploadGalleryImage(file: File): Promise<UploadResult> {
  const body = new FormData();
  body.append(GALLERY_IMAGE_FIELD, file, file.name);
  return uploadResultSchema.parse(await api.post<unknown>('/api/gallery', body));
}

export const useUploadGalleryImage = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: uploadGalleryImage, onSettled: () => client.invalidateQueries({ queryKey: GALLERY_KEY }) });
};
