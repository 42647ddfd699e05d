import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SPONSOR_IMAGE_FIELD,
  messages,
  publishResultSchema,
  recordIdParamsSchema,
  sponsorFormSchema,
  sponsorListSchema,
} from '@clinica/shared';
import { readMultipart } from '../../infra/http/multipart.js';
import { parseOrThrow } from '../../infra/http/validation.js';
import { errorResponses } from '../../infra/http/errors.js';
import { toSponsor } from './sponsors.mapper.js';

async function readForm(request: FastifyRequest) {
  const { fields, files } = await readMultipart(request, [SPONSOR_IMAGE_FIELD]);
  return { input: parseOrThrow(sponsorFormSchema, fields), file: files.find((f) => f.field === SPONSOR_IMAGE_FIELD) };
}

/** Sponsors: read by every public page's banner areas, managed by administrators. */
export default async function sponsorsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const sponsors = app.sponsors;

  app.get('/api/sponsors', {
    config: { access: 'anonymous' },
    schema: { response: { 200: sponsorListSchema } },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return (await sponsors.list()).map(toSponsor);
    },
  });

  app.post('/api/admin/sponsors', {
    config: { access: 'admin' },
    schema: { response: { 201: publishResultSchema, ...errorResponses } },
    handler: async (request, reply) => {
      const { input, file } = await readForm(request);
      const { id } = await sponsors.create(input, file);
      return reply.code(201).send({ success: true as const, mensaje: messages.registrationOk, id });
    },
  });

  app.put('/api/admin/sponsors/:id', {
    config: { access: 'admin' },
    schema: { params: recordIdParamsSchema, response: { 200: publishResultSchema, ...errorResponses } },
    handler: async (request) => {
      const { input, file } = await readForm(request);
      await sponsors.update(request.params.id, input, file);
      return { success: true as const, mensaje: messages.recordUpdated };
    },
  });

  app.delete('/api/admin/sponsors/:id', {
    config: { access: 'admin' },
    schema: { params: recordIdParamsSchema, response: { 200: publishResultSchema, ...errorResponses } },
    handler: async (request) => {
      await sponsors.remove(request.params.id);
      return { success: true as const, mensaje: messages.recordDeleted };
    },
  });
}
