import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  NEWS_IMAGE_FIELD,
  blogFormSchema,
  blogListSchema,
  newsFormSchema,
  messages,
  newsListSchema,
  publishResultSchema,
  recordIdParamsSchema,
  type NewsForm,
} from '@clinica/shared';
import { errorResponses } from '../../infra/http/errors.js';
import { readMultipart } from '../../infra/http/multipart.js';
import { parseOrThrow } from '../../infra/http/validation.js';
import { requireRole } from '../../infra/http/access.js';
import { toBlogPost, toNewsItem } from './news.mapper.js';

/** The news form's multipart body: its text fields checked with the shared schema, and the photo. */
async function readForm(request: FastifyRequest, schema: typeof newsFormSchema | typeof blogFormSchema) {
  const { fields, files } = await readMultipart(request, [NEWS_IMAGE_FIELD]);
  const input: NewsForm = parseOrThrow(schema, fields);
  return { input, file: files.find((f) => f.field === NEWS_IMAGE_FIELD) };
}

/** News items and blog posts: public lists for /noticias, publishing and editing for administrators. */
export default async function newsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const news = app.news;

  // --- news items -------------------------------------------------------------------------------

  app.get('/api/news', {
    config: { access: 'anonymous' },
    schema: { response: { 200: newsListSchema } },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return (await news.listNews()).map(toNewsItem);
    },
  });

  app.post('/api/admin/news', {
    config: { access: 'admin' },
    schema: { response: { 201: publishResultSchema, ...errorResponses } },
    handler: async (request, reply) => {
      const admin = requireRole(request, 'admin');
      const { input, file } = await readForm(request, newsFormSchema);
      const { id } = await news.createNews(input, file, admin.accountId);
      return reply.code(201).send({ success: true as const, mensaje: messages.registrationOk, id });
    },
  });

  app.put('/api/admin/news/:id', {
    config: { access: 'admin' },
    schema: { params: recordIdParamsSchema, response: { 200: publishResultSchema, ...errorResponses } },
    handler: async (request) => {
      requireRole(request, 'admin');
      const { input, file } = await readForm(request, newsFormSchema);
      await news.updateNews(request.params.id, input, file);
      return { success: true as const, mensaje: messages.recordUpdated };
    },
  });

  app.delete('/api/admin/news/:id', {
    config: { access: 'admin' },
    schema: { params: recordIdParamsSchema, response: { 200: publishResultSchema, ...errorResponses } },
    handler: async (request) => {
      requireRole(request, 'admin');
      await news.deleteNews(request.params.id);
      return { success: true as const, mensaje: messages.recordDeleted };
    },
  });

  // --- blog posts -------------------------------------------------------------------------------

  app.get('/api/blog', {
    config: { access: 'anonymous' },
    schema: { response: { 200: blogListSchema } },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return (await news.listBlog()).map(toBlogPost);
    },
  });

  app.post('/api/admin/blog', {
    config: { access: 'admin' },
    schema: { response: { 201: publishResultSchema, ...errorResponses } },
    handler: async (request, reply) => {
      const admin = requireRole(request, 'admin');
      const { input, file } = await readForm(request, blogFormSchema);
      const { id } = await news.createBlog(input, file, admin.accountId);
      return reply.code(201).send({ success: true as const, mensaje: messages.registrationOk, id });
    },
  });

  app.put('/api/admin/blog/:id', {
    config: { access: 'admin' },
    schema: { params: recordIdParamsSchema, response: { 200: publishResultSchema, ...errorResponses } },
    handler: async (request) => {
      requireRole(request, 'admin');
      const { input, file } = await readForm(request, blogFormSchema);
      await news.updateBlog(request.params.id, input, file);
      return { success: true as const, mensaje: messages.recordUpdated };
    },
  });

  app.delete('/api/admin/blog/:id', {
    config: { access: 'admin' },
    schema: { params: recordIdParamsSchema, response: { 200: publishResultSchema, ...errorResponses } },
    handler: async (request) => {
      requireRole(request, 'admin');
      await news.deleteBlog(request.params.id);
      return { success: true as const, mensaje: messages.recordDeleted };
    },
  });
}
