import type { GalleryImage } from '@clinica/shared';
import { imageUrl } from '../media/index.js';
import type { GalleryRepository } from './gallery.repository.js';

type Row = Awaited<ReturnType<GalleryRepository['list']>>[number];

// The wire shape of /Gallery's list (decision 0037: the route maps, the service returns rows).
export const toGalleryImage = (r: Row): GalleryImage => ({
  id: r.id,
  nombre: r.nombre,
  url: imageUrl(r.key_1x),
  url_2x: imageUrl(r.key_2x),
  ancho: r.width,
  alto: r.height,
});
