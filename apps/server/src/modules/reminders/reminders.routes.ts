import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { attendanceConfirmResultSchema, attendanceTokenSchema, attendanceViewSchema } from '@clinica/shared';
import { errorResponses } from '../../infra/http/errors.js';

/**
 * The reminder's confirm link (decision 0052). Both anonymous: the link is opened from a mail,
 * often on a phone not signed in. Both POST with the token in the body, never in a URL a log or
 * proxy keeps; only the second writes, so a mail scanner that follows links changes nothing.
 */
export default async function remindersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.reminders;

  app.post('/api/appointments/attendance', {
    config: { access: 'anonymous' },
    schema: { body: attendanceTokenSchema, response: { 200: attendanceViewSchema, ...errorResponses } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.view(request.body.token);
    },
  });

  app.post('/api/appointments/attendance/confirm', {
    config: { access: 'anonymous' },
    schema: { body: attendanceTokenSchema, response: { 200: attendanceConfirmResultSchema, ...errorResponses } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true as const, ...(await service.confirm(request.body.token)) };
    },
  });
}
