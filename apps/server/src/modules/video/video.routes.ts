import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  VIDEO_ROUTES,
  turnCredentialsQuerySchema,
  turnCredentialsSchema,
  videoConsentAcceptSchema,
  videoConsentStateSchema,
} from '@clinica/shared';
import { errorResponses } from '../../infra/http/errors.js';
import { requireRole } from '../../infra/http/access.js';

/** Video consultations' HTTP routes (decision 0053); the signalling is the chat socket's. */
export default async function videoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const video = app.video;

  // Time-limited TURN credentials for one consultation's member, for its remaining paid time.
  app.get(VIDEO_ROUTES.turn, {
    config: { access: ['patient', 'doctor'] },
    schema: { querystring: turnCredentialsQuerySchema, response: { 200: turnCredentialsSchema, ...errorResponses } },
    handler: async (request) => {
      const { consulta, rol } = request.query;
      const account = requireRole(request, rol);
      const { c, answer } = await video.turnCredentials(consulta, rol, account.accountId);
      // Who took a relay credential for which consultation, and until when (no secret is written).
      await app.audit(request, {
        action: 'video.turn',
        role: rol,
        resource: { type: 'consultation', id: c.id },
        patientId: c.patient_id,
        detail: `válidas ${answer.ttlSeconds} s`,
      });
      return answer;
    },
  });

  app.get(VIDEO_ROUTES.consent, {
    config: { access: 'patient' },
    schema: { response: { 200: videoConsentStateSchema, ...errorResponses } },
    handler: async (request) => video.consentState(requireRole(request, 'patient').accountId),
  });

  app.post(VIDEO_ROUTES.consent, {
    config: { access: 'patient' },
    schema: { body: videoConsentAcceptSchema, response: { 200: videoConsentStateSchema, ...errorResponses } },
    handler: async (request) => {
      const patient = requireRole(request, 'patient');
      const { state, first } = await video.acceptConsent(patient.accountId);
      if (first) await app.audit(request, { action: 'video.consent', role: 'patient', patientId: patient.accountId });
      return state;
    },
  });
}
