import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  GALLERY_IMAGE_FIELD,
  galleryListSchema,
  messages,
  publishResultSchema,
  recordIdParamsSchema,
  uploadResultSchema,
} from '@clinica/shared';
import { errorResponses } from '../../infra/http/errors.js';
import { readMultipart } from '../../infra/http/multipart.js';
import { requireRole } from '../../infra/http/access.js';
import { toGalleryImage } from './gallery.mapper.js';

/** /Gallery and /UploadForm: administrators only. */
export default async function galleryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const gallery = app.gallery;

  app.get('/api/gallery', {
    config: { access: 'admin' },
    schema: { response: { 200: galleryListSchema, ...errorResponses } },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return (await gallery.list()).map(toGalleryImage);
    },
  });

  // One request per file (docs/spec/staff.md, "Gallery"): multipart `image`.
  app.post('/api/gallery', {
    config: { access: 'admin' },
    schema: { response: { 201: uploadResultSchema, ...errorResponses } },
    handler: async (request, reply) => {
      const admin = requireRole(request, 'admin');
      const { files } = await readMultipart(request, [GALLERY_IMAGE_FIELD]);
      const { id } = await gallery.upload(files.find((f) => f.field === GALLERY_IMAGE_FIELD), admin.accountId);
      return reply.code(201).send({ success: true as const, message: messages.imagesUploaded, id });
    },
  });

  app.delete('/api/gallery/:id', {
    config: { access: 'admin' },
    schema: { params: recordIdParamsSchema, response: { 200: publishResultSchema, ...errorResponses } },
    handler: async (request) => {
      await gallery.remove(request.params.id);
      return { success: true as const, mensaje: messages.recordDeleted };
    },
  });
}
