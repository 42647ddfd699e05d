import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGE_SIZE, auditQuerySchema, auditRowSchema, auditStaffSchema, pageSchema } from '@clinica/shared';
import { errorResponses } from '../../infra/http/errors.js';


/** /Auditoria_Admin: the audit trail, newest first, by patient and by staff member. */
export default async function auditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const repo = app.auditLog;

  app.get('/api/admin/audit', {
    config: { access: 'admin' },
    schema: { querystring: auditQuerySchema, response: { 200: pageSchema(auditRowSchema), ...errorResponses } },
    handler: async (request, reply) => {
      const { patient_id, actor_id, cursor, limit = PAGE_SIZE } = request.query;
      const rows = await repo.list({
        patientId: patient_id,
        actorId: actor_id,
        beforeId: cursor === undefined ? undefined : Number(cursor),
        limit: limit + 1,
      });
      const page = rows.slice(0, limit);
      await app.audit(request, {
        action: 'audit.list',
        resource: patient_id ? { type: 'patient', id: patient_id } : undefined,
        patientId: patient_id ?? null,
        detail: actor_id ? `personal ${actor_id}` : undefined,
      });
      reply.header('cache-control', 'no-store');
      return {
        items: page.map(({ row, paciente }) => ({
          id: row.id,
          at: row.at.toISOString(),
          actor_role: row.actor_role,
          actor_id: row.actor_id,
          actor_correo: row.actor_correo,
          action: row.action,
          resource_type: row.resource_type,
          resource_id: row.resource_id,
          patient_id: row.patient_id,
          paciente,
          outcome: row.outcome,
          status_code: row.status_code,
          method: row.method,
          path: row.path,
          ip: row.ip,
          detail: row.detail,
        })),
        next_cursor: rows.length > limit ? String(page[page.length - 1]!.row.id) : null,
      };
    },
  });

  app.get('/api/admin/audit/staff', {
    config: { access: 'admin' },
    schema: { response: { 200: z.array(auditStaffSchema), ...errorResponses } },
    handler: async () => repo.staffAccounts(),
  });
}
