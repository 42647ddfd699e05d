import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  messages,
  passwordResetCheckSchema,
  passwordResetRequestSchema,
  passwordResetResultSchema,
  passwordResetSchema,
  resultSchema,
} from '@clinica/shared';
import { errorResponses } from '../../infra/http/errors.js';

/** 'Forgot password' for the three kinds of account: request a link, check it, set the new password. */
export default async function passwordRecoveryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = app.passwordRecovery;

  app.post('/api/auth/password/forgot', {
    config: { access: 'anonymous' },
    schema: { body: passwordResetRequestSchema, response: { 200: resultSchema, ...errorResponses } },
    handler: async (request) => {
      await service.requestReset(request.body, { ip: request.ip });
      return { success: true, message: messages.passwordResetRequested };
    },
  });

  app.post('/api/auth/password/check', {
    config: { access: 'anonymous' },
    schema: { body: passwordResetCheckSchema, response: { 200: passwordResetResultSchema, ...errorResponses } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { role } = await service.check(request.body.token);
      return { success: true as const, message: '', role };
    },
  });

  app.post('/api/auth/password/reset', {
    config: { access: 'anonymous' },
    schema: { body: passwordResetSchema, response: { 200: passwordResetResultSchema, ...errorResponses } },
    handler: async (request) => {
      const { role } = await service.reset(request.body);
      return { success: true as const, message: messages.passwordResetOk, role };
    },
  });
}
