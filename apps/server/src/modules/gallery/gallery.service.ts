import { GALLERY_IMAGE_FIELD } from '@clinica/shared';
import { notFound } from '../../infra/http/errors.js';
import type { UploadedFile } from '../../infra/http/multipart.js';
import { checkUpload, type MediaService } from '../media/index.js';
import type { GalleryRepository } from './gallery.repository.js';
import { cleanFileName } from '../../infra/http/file-name.js';

/** The gallery: administrators upload pictures one request per file and see them listed. */
export function galleryService(deps: { repo: GalleryRepository; media: MediaService; now: () => number }) {
  const { repo, media } = deps;
  return {
    list: () => repo.list(),

    /** Stores one uploaded picture (PNG, JPEG or WebP by content) under its file name. */
    async upload(file: UploadedFile | undefined, authorId: string) {
      const bytes = await checkUpload(file, GALLERY_IMAGE_FIELD);
      // The name shown under a picture: the file's own, cleaned by the one rule.
      const nombre = cleanFileName(file?.filename ?? '', 'imagen');
      const { id } = await media.create({ bytes, kind: 'gallery', field: GALLERY_IMAGE_FIELD }, (image) =>
        repo.insert({ nombre, image_id: image.id, created_by: authorId, created_at: new Date(deps.now()) }),
      );
      return { id };
    },

    async remove(id: string) {
      const row = await repo.delete(id);
      if (!row) throw notFound();
      await media.remove([row.image_id]);
    },
  };
}
