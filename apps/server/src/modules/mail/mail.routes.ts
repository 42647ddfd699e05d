import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { outboxListSchema, outboxMessageSchema, outboxParamsSchema } from '@clinica/shared';
import { errorResponses } from '../../infra/http/errors.js';


/** The administrators' view of the e-mail queue and of the outbox folder (/Correos_Admin). */
export default async function mailRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.outbox;

  app.get('/api/admin/outbox', {
    config: { access: 'admin' },
    schema: { response: { 200: outboxListSchema, ...errorResponses } },
    handler: async (request) => {
      const { mode, rows } = await service.list();
      // The outbox names patients by their addresses: each listed patient gets the read in their history.
      await app.audit(request, { action: 'mail.list', patientEmails: rows.map((r) => r.recipient), detail: `filas: ${rows.length}` });
      return {
        mode,
        items: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          to: r.recipient,
          subject: r.subject,
          status: r.status,
          attempts: r.attempts,
          created_at: r.created_at.toISOString(),
          sent_at: r.sent_at?.toISOString() ?? null,
          last_error: r.last_error,
          in_outbox: r.transport === 'outbox',
          channel: r.channel,
          delivery: r.attempts_made.map((a) => ({ channel: a.channel, at: a.at.toISOString(), result: a.result, error: a.error })),
        })),
      };
    },
  });

  app.get('/api/admin/outbox/:id', {
    config: { access: 'admin' },
    schema: { params: outboxParamsSchema, response: { 200: outboxMessageSchema, ...errorResponses } },
    handler: async (request) => {
      const message = await service.read(request.params.id);
      await app.audit(request, { action: 'mail.read', resource: { type: 'mail', id: request.params.id }, patientEmails: message.to.split(', ') });
      return message;
    },
  });

  // The message exactly as it would have left, to open in a mail program.
  app.get('/api/admin/outbox/:id/eml', {
    config: { access: 'admin' },
    schema: { params: outboxParamsSchema },
    handler: async (request, reply) => {
      const bytes = await service.raw(request.params.id);
      const { to } = await service.read(request.params.id);
      await app.audit(request, { action: 'mail.read', resource: { type: 'mail', id: request.params.id }, patientEmails: to.split(', '), detail: 'eml' });
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="correo-${request.params.id}.eml"`)
        .type('message/rfc822')
        .send(bytes);
    },
  });
}
