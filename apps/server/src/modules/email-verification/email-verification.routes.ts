import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emailVerificationSchema, emailVerificationStatusSchema, errorSchema, messages, resultSchema } from '@clinica/shared';

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 429: errorSchema };

/** Patients' e-mail verification (issue 18): the banner's status and resend, and the link's page. */
export default async function emailVerificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.emailVerification;

  app.get('/api/auth/email/status', {
    config: { access: 'patient' },
    schema: { response: { 200: emailVerificationStatusSchema, ...errors } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.status(request.accounts.patient!.accountId);
    },
  });

  app.post('/api/auth/email/resend', {
    config: { access: 'patient' },
    schema: { response: { 200: resultSchema, ...errors } },
    handler: async (request) => ({ success: true, message: await service.resend(request.accounts.patient!.accountId) }),
  });

  // Anonymous: the link may be opened on another device or browser than the one signed in.
  app.post('/api/auth/email/verify', {
    config: { access: 'anonymous' },
    schema: { body: emailVerificationSchema, response: { 200: resultSchema, ...errors } },
    handler: async (request) => {
      await service.verify(request.body.token);
      return { success: true, message: messages.emailVerified };
    },
  });
}
