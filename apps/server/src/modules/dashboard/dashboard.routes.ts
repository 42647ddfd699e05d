import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardQuerySchema, dashboardSchema } from '@clinica/shared';
import { errorResponses } from '../../infra/http/errors.js';

/** /Estadisticas_Admin's one call (issue 26, item 4; decision 0057): administrators only. */
export default async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const dashboard = app.dashboard;

  app.get('/api/admin/dashboard', {
    config: { access: 'admin' },
    schema: { querystring: dashboardQuerySchema, response: { 200: dashboardSchema, ...errorResponses } },
    handler: async (request) => dashboard.figures(request.query),
  });
}
