import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emailVerificationSchema, emailVerificationStatusSchema, messages, resultSchema } from '@clinica/shared';
import { errorResponses } from '../../infra/http/errors.js';
import { requireRole } from '../../infra/http/access.js';


/** Patients' e-mail verification (issue 18): the banner's status and resend, and the link's page. */
export default async function emailVerificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.emailVerification;

  app.get('/api/auth/email/status', {
    config: { access: 'patient' },
    schema: { response: { 200: emailVerificationStatusSchema, ...errorResponses } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const p = await service.status(requireRole(request, 'patient').accountId);
      return { verificado: p.verified_at !== null, correo: p.correo };
    },
  });

  app.post('/api/auth/email/resend', {
    config: { access: 'patient' },
    schema: { response: { 200: resultSchema, ...errorResponses } },
    handler: async (request) => {
      const outcome = await service.resend(requireRole(request, 'patient').accountId);
      return { success: true, message: outcome === 'sent' ? messages.emailVerificationSent : messages.emailAlreadyVerified };
    },
  });

  // Anonymous: the link may be opened on another device or browser than the one signed in.
  app.post('/api/auth/email/verify', {
    config: { access: 'anonymous' },
    schema: { body: emailVerificationSchema, response: { 200: resultSchema, ...errorResponses } },
    handler: async (request) => {
      await service.verify(request.body.token);
      return { success: true, message: messages.emailVerified };
    },
  });
}
