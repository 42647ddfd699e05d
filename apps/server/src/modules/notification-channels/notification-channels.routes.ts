import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notificationChannelsSchema, whatsappChoiceResultSchema, whatsappChoiceSchema } from '@clinica/shared';
import { errorResponses } from '../../infra/http/errors.js';
import { requireRole } from '../../infra/http/access.js';

/** The patient's notice channels on /Usuarios: e-mail always, WhatsApp by consent (decision 0059). */
export default async function notificationChannelsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.notificationChannels;

  app.get('/api/patient/notification-channels', {
    config: { access: 'patient' },
    schema: { response: { 200: notificationChannelsSchema, ...errorResponses } },
    handler: async (request) => {
      const patientId = requireRole(request, 'patient').accountId;
      const state = await service.state(patientId);
      // It shows the patient's address and mobile: a read of their identity data, like the profile's.
      await app.audit(request, { action: 'patient.read', role: 'patient', resource: { type: 'patient', id: patientId }, patientId, detail: 'canales de aviso' });
      return state;
    },
  });

  app.put('/api/patient/notification-channels', {
    config: { access: 'patient' },
    schema: { body: whatsappChoiceSchema, response: { 200: whatsappChoiceResultSchema, ...errorResponses } },
    handler: async (request) => {
      const patientId = requireRole(request, 'patient').accountId;
      const { changed, ...result } = await service.choose(patientId, request.body);
      // Every consent given or withdrawn is in the patient's audit trail, with the text's version.
      if (changed) {
        await app.audit(request, {
          action: request.body.whatsapp ? 'whatsapp.consent' : 'whatsapp.revoke',
          role: 'patient',
          resource: { type: 'patient', id: patientId },
          patientId,
          detail: request.body.whatsapp ? `versión del texto: ${result.canales.whatsapp.version ?? ''}` : undefined,
        });
      }
      return result;
    },
  });
}
