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
import { sharedThrottle } from '../auth/index.js';
import { passwordRecoveryRepository } from './password-recovery.repository.js';
import { passwordRecoveryService } from './password-recovery.service.js';
import { errorResponses } from '../../infra/http/errors.js';

const WINDOW_MS = 15 * 60_000;

/** 'Forgot password' for the three kinds of account: request a link, check it, set the new password. */
export default async function passwordRecoveryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = passwordRecoveryService({
    repo: passwordRecoveryRepository(app.db),
    notify: app.notify,
    sessions: app.sessions,
    // Three links per address and kind of account in 15 minutes: enough for a lost e-mail, not a flood.
    emailThrottle: sharedThrottle(app, { name: 'recovery-email', max: 3, windowMs: WINDOW_MS }),
    ipThrottle: sharedThrottle(app, { name: 'recovery-ip', max: app.config.loginMaxAttempts * 4, windowMs: WINDOW_MS }),
    ttlMs: app.config.mail.passwordResetTtlMs,
    now: app.now,
    log: app.log,
  });
  app.addHook('onClose', async () => service.settled());

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
