import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PAGE_SIZE,
  adminDataRequestSchema,
  closingRequestSchema,
  correctionRequestSchema,
  dataRequestDecisionSchema,
  dataRequestIdParamsSchema,
  dataRequestListQuerySchema,
  messages,
  myDataRequestsSchema,
  pageSchema,
  resultSchema,
} from '@clinica/shared';
import { errorResponses } from '../../infra/http/errors.js';
import { requireRole } from '../../infra/http/access.js';
import { toAdminDataRequest, toMyDataRequests } from './data-requests.mapper.js';


/**
 * Ley 81 rights beyond the export (issue 18, docs/decisions/0028): the patient asks, from
 * /Usuarios, for a correction of their data or the closing of their account; administrators
 * answer on /Solicitudes_Datos_Admin.
 */
export default async function dataRequestsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.dataRequests;

  app.get('/api/patient/data-requests', {
    config: { access: 'patient' },
    schema: { response: { 200: myDataRequestsSchema, ...errorResponses } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const patientId = requireRole(request, 'patient').accountId;
      const mine = await service.mine(patientId);
      await app.audit(request, { action: 'data_request.list', role: 'patient', patientId });
      return toMyDataRequests(mine);
    },
  });

  app.post('/api/patient/data-requests/correction', {
    config: { access: 'patient' },
    schema: { body: correctionRequestSchema, response: { 201: resultSchema, ...errorResponses } },
    handler: async (request, reply) => {
      const patientId = requireRole(request, 'patient').accountId;
      const created = await service.requestCorrection(patientId, request.body);
      await app.audit(request, {
        action: 'data_request.create',
        resource: { type: 'patient', id: patientId },
        patientId,
        detail: `corrección ${created.id}: ${Object.keys(created.cambios ?? {}).join(', ')}`,
      });
      return reply.code(201).send({ success: true, message: messages.correctionRequested });
    },
  });

  app.post('/api/patient/data-requests/closing', {
    config: { access: 'patient' },
    schema: { body: closingRequestSchema, response: { 201: resultSchema, ...errorResponses } },
    handler: async (request, reply) => {
      const patientId = requireRole(request, 'patient').accountId;
      const created = await service.requestClosing(patientId, request.body);
      await app.audit(request, { action: 'data_request.create', resource: { type: 'patient', id: patientId }, patientId, detail: `cierre ${created.id}` });
      return reply.code(201).send({ success: true, message: messages.closingRequested });
    },
  });

  app.get('/api/admin/data-requests', {
    config: { access: 'admin' },
    schema: { querystring: dataRequestListQuerySchema, response: { 200: pageSchema(adminDataRequestSchema), ...errorResponses } },
    handler: async (request, reply) => {
      const { estado, nombre, cursor, limit = PAGE_SIZE } = request.query;
      const rows = await service.list({ estado, nombre, cursor, limit });
      const page = { items: rows.items.map(toAdminDataRequest), next_cursor: rows.next_cursor };
      // One row per patient shown: each list shows in those patients' access history (decision 0030).
      await app.audit(request, { action: 'data_request.list', patientIds: page.items.map((r) => r.paciente.id), detail: `${estado}, filas: ${page.items.length}${nombre ? ', búsqueda por nombre' : ''}` });
      reply.header('cache-control', 'no-store');
      return page;
    },
  });

  app.post('/api/admin/data-requests/:id/decision', {
    config: { access: 'admin' },
    schema: { params: dataRequestIdParamsSchema, body: dataRequestDecisionSchema, response: { 200: resultSchema, ...errorResponses } },
    handler: async (request) => {
      const staffId = requireRole(request, 'admin').accountId;
      const { request: handled, patient, closed } = await service.decide(request.params.id, staffId, request.body);
      const accepted = handled.estado === 'aceptada';
      const what = handled.tipo === 'correccion' ? `corrección ${handled.id}` : `cierre ${handled.id}`;
      await app.audit(request, {
        action: accepted ? 'data_request.accept' : 'data_request.refuse',
        resource: { type: 'patient', id: patient.id },
        patientId: patient.id,
        detail: handled.tipo === 'correccion' && accepted ? `${what}: ${Object.keys(handled.cambios ?? {}).join(', ')}` : what,
      });
      if (closed) {
        await app.audit(request, { action: 'account.close', resource: { type: 'patient', id: patient.id }, patientId: patient.id, detail: `referencia ${closed.referencia}` });
      }
      return { success: true, message: accepted ? messages.dataRequestAccepted : messages.dataRequestRefused };
    },
  });
}
