import { queryOptions, useQuery } from '@tanstack/react-query';
import { galleryListSchema, type GalleryImage } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** GET /api/gallery: the gallery's images (id, url, nombre), newest first. Administrators only. */
export async function getGallery(): Promise<GalleryImage[]> {
  return galleryListSchema.parse(await api.get<unknown>('/api/gallery'));
}

export const GALLERY_KEY = ['gallery'] as const;

export const getGalleryQueryOptions = () => queryOptions({ queryKey: GALLERY_KEY, queryFn: getGallery });

export const useGallery = () => useQuery(getGalleryQueryOptions());
