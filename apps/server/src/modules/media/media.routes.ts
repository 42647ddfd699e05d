import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicImageParamsSchema } from '@clinica/shared';
import { notFound } from '../../infra/http/errors.js';

/** The route that serves public images. A variant's URL names bytes that never change, so it is cached for a year. */
export default async function mediaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/images/:file', {
    config: { access: 'anonymous' },
    schema: { params: publicImageParamsSchema },
    handler: async (request, reply) => {
      const key = request.params.file.slice(0, -'.webp'.length);
      const etag = `"${key}"`;
      if (request.headers['if-none-match'] === etag) {
        return reply
          .code(304)
          .header('etag', etag)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send();
      }
      const bytes = await app.media.read(key);
      if (!bytes) throw notFound();
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .send(bytes);
    },
  });
}
