import { SPONSOR_IMAGE_FIELD, type SponsorForm } from '@clinica/shared';
import { notFound } from '../../infra/http/errors.js';
import type { UploadedFile } from '../../infra/http/multipart.js';
import { checkUpload, type MediaService } from '../media/index.js';
import type { SponsorsRepository } from './sponsors.repository.js';

/** Sponsors (name, picture, link) managed by administrators and shown in the public banner areas. */
export function sponsorsService(deps: { repo: SponsorsRepository; media: MediaService; now: () => number }) {
  const { repo, media } = deps;
  const now = () => new Date(deps.now());
  return {
    list: () => repo.list(),

    async create(input: SponsorForm, file: UploadedFile | undefined) {
      const bytes = await checkUpload(file, SPONSOR_IMAGE_FIELD);
      const { id } = await media.create({ bytes, kind: 'sponsor', field: SPONSOR_IMAGE_FIELD }, (image) =>
        repo.insert({ nombre: input.nombre, enlace: input.enlace, image_id: image.id, created_at: now() }),
      );
      return { id };
    },

    /** Edits a sponsor; its picture is replaced only when a new one is sent. */
    async update(id: string, input: SponsorForm, file: UploadedFile | undefined) {
      const changes = { nombre: input.nombre, enlace: input.enlace, updated_at: now() };
      if (file && file.bytes.length > 0) {
        const bytes = await checkUpload(file, SPONSOR_IMAGE_FIELD);
        const before = await media.create({ bytes, kind: 'sponsor', field: SPONSOR_IMAGE_FIELD }, async (image) => {
          const row = await repo.update(id, { ...changes, image_id: image.id });
          if (!row) throw notFound();
          return row;
        });
        await media.remove([before.image_id]);
      } else if (!(await repo.update(id, changes))) {
        throw notFound();
      }
    },

    async remove(id: string) {
      const row = await repo.delete(id);
      if (!row) throw notFound();
      await media.remove([row.image_id]);
    },
  };
}
