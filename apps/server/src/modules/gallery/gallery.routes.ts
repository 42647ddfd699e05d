import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  GALLERY_IMAGE_FIELD,
  errorSchema,
  galleryListSchema,
  publishResultSchema,
  recordIdParamsSchema,
  uploadResultSchema,
} from '@clinica/shared';
import { unauthenticated } from '../../infra/http/errors.js';
import { readMultipart } from '../../infra/http/multipart.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 413: errorSchema };

/** /Gallery and /UploadForm: administrators only. */
export default async function galleryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const gallery = app.gallery;

  app.get('/api/gallery', {
    config: { access: 'admin' },
    schema: { response: { 200: galleryListSchema, ...errors } },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return gallery.list();
    },
  });

  // One request per file (staff.md, "Gallery"): multipart `image`.
  app.post('/api/gallery', {
    config: { access: 'admin' },
    schema: { response: { 201: uploadResultSchema, ...errors } },
    handler: async (request, reply) => {
      const admin = request.accounts.admin;
      if (!admin) throw unauthenticated();
      const { files } = await readMultipart(request, [GALLERY_IMAGE_FIELD]);
      const result = await gallery.upload(files.find((f) => f.field === GALLERY_IMAGE_FIELD), admin.accountId);
      return reply.code(201).send(result);
    },
  });

  app.delete('/api/gallery/:id', {
    config: { access: 'admin' },
    schema: { params: recordIdParamsSchema, response: { 200: publishResultSchema, ...errors } },
    handler: async (request) => gallery.remove(request.params.id),
  });
}
