import { NEWS_IMAGE_FIELD, type BlogForm, type NewsForm } from '@clinica/shared';
import { notFound } from '../../infra/http/errors.js';
import type { UploadedFile } from '../../infra/http/multipart.js';
import { checkUpload, type MediaService } from '../media/index.js';
import type { NewsRepository } from './news.repository.js';

/** How many items the public page lists (newest first). */
export const LIST_LIMIT = 100;

/**
 * News and blog: written by administrators (title, text, a picture), read by everybody.
 * Staff text is stored exactly as written; the pages show it as text, never as HTML.
 */
export function newsService(deps: { repo: NewsRepository; media: MediaService; now: () => number }) {
  const { repo, media } = deps;
  const now = () => new Date(deps.now());

  /** Replaces the record's picture when a new one came, and removes the old picture afterwards. */
  const update = async (
    file: UploadedFile | undefined,
    kind: 'news' | 'blog',
    apply: (imageId?: string) => Promise<{ image_id: string } | undefined>,
    pngOnly: boolean,
  ) => {
    if (file && file.bytes.length > 0) {
      const bytes = await checkUpload(file, NEWS_IMAGE_FIELD, { pngOnly });
      const before = await media.create({ bytes, kind, field: NEWS_IMAGE_FIELD }, async (image) => {
        const row = await apply(image.id);
        if (!row) throw notFound();
        return row;
      });
      await media.remove([before.image_id]);
    } else {
      const before = await apply();
      if (!before) throw notFound();
    }
  };

  return {
    listNews: () => repo.listNews(LIST_LIMIT),

    /** Publishes a news item ('Registro Nuevo'); a photo is required, PNG, JPEG or WebP. */
    async createNews(input: NewsForm, file: UploadedFile | undefined, authorId: string) {
      const bytes = await checkUpload(file, NEWS_IMAGE_FIELD);
      const { id } = await media.create({ bytes, kind: 'news', field: NEWS_IMAGE_FIELD }, (image) =>
        repo.insertNews({
          titulo: input.tituloNoticia,
          descripcion: input.descripcionNoticia,
          image_id: image.id,
          created_by: authorId,
          created_at: now(),
        }),
      );
      return { id };
    },

    /** Edits a news item; the photo is replaced only when a new one is sent. */
    async updateNews(id: string, input: NewsForm, file: UploadedFile | undefined) {
      return update(
        file,
        'news',
        (image_id) =>
          repo.updateNews(id, {
            titulo: input.tituloNoticia,
            descripcion: input.descripcionNoticia,
            ...(image_id ? { image_id } : {}),
            updated_at: now(),
          }),
        false,
      );
    },

    async deleteNews(id: string) {
      const row = await repo.deleteNews(id);
      if (!row) throw notFound();
      await media.remove([row.image_id]);
    },

    listBlog: () => repo.listBlog(LIST_LIMIT),

    /** Publishes a blog post; its picture must be a PNG by content ('Solo se permiten archivos PNG.'). */
    async createBlog(input: BlogForm, file: UploadedFile | undefined, authorId: string) {
      const bytes = await checkUpload(file, NEWS_IMAGE_FIELD, { pngOnly: true });
      const { id } = await media.create({ bytes, kind: 'blog', field: NEWS_IMAGE_FIELD }, (image) =>
        repo.insertBlog({
          titulo: input.tituloNoticia,
          contenido: input.descripcionNoticia,
          image_id: image.id,
          created_by: authorId,
          fecha_creacion: now(),
        }),
      );
      return { id };
    },

    async updateBlog(id: string, input: BlogForm, file: UploadedFile | undefined) {
      return update(
        file,
        'blog',
        (image_id) =>
          repo.updateBlog(id, {
            titulo: input.tituloNoticia,
            contenido: input.descripcionNoticia,
            ...(image_id ? { image_id } : {}),
            updated_at: now(),
          }),
        true,
      );
    },

    async deleteBlog(id: string) {
      const row = await repo.deleteBlog(id);
      if (!row) throw notFound();
      await media.remove([row.image_id]);
    },
  };
}
export type NewsService = ReturnType<typeof newsService>;
