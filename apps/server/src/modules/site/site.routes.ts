import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { siteConfigSchema } from '@clinica/shared';

/** The named list of configuration values the browser may see (docs/design.md, style 6). */
export default async function siteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { clinic } = app.config;
  const { address, phone, whatsapp, email, mapUrl, openingHours } = clinic;
  const body = {
    clinicName: clinic.name,
    videoUrls: clinic.videoUrls,
    playlistUrl: clinic.playlistUrl,
    social: clinic.social,
    contact: { address, phone, whatsapp, email, mapUrl, openingHours },
  };
  app.get('/api/site/config', {
    config: { access: 'anonymous' },
    schema: { response: { 200: siteConfigSchema } },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return body;
    },
  });
}
