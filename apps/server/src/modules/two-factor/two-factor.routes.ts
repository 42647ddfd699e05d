import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  messages,
  resultSchema,
  staffTwoFactorResetSchema,
  totpCodeSchema,
  twoFactorLoginSchema,
  twoFactorRecoveryCodesSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@clinica/shared';
import { challengeCookie, cookieNames, deviceCookies } from '../auth/index.js';
import { CodeRefused } from './two-factor.service.js';
import { errorResponses } from '../../infra/http/errors.js';
import { requireRole } from '../../infra/http/access.js';

/**
 * Two-factor sign-in of administrators and doctors (issue 11): the code of a sign-in, and the
 * enrolment pages' calls (status, start, confirm, new recovery codes, turn off).
 */
export default async function twoFactorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const cookies = cookieNames(app.config.production);
  const devices = deviceCookies({ production: app.config.production, secret: app.config.cookieSecret });
  const client = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
  });

  for (const role of ['admin', 'doctor'] as const) {
    const base = `/api/${role}`;
    const challenge = challengeCookie(app.config.production, role);
    const me = (request: FastifyRequest) => requireRole(request, role);
    // The enrolment's own calls stay open to a session that has not enrolled yet.
    const enrolment = { access: role, withoutTwoFactor: true } as const;

    app.post(`${base}/login/code`, {
      config: { access: 'anonymous' },
      schema: { body: twoFactorLoginSchema, response: { 200: resultSchema, ...errorResponses } },
      handler: async (request, reply) => {
        let result;
        try {
          result = await app.twoFactor.completeChallenge(role, request.cookies[challenge.name], request.body.codigo);
        } catch (err) {
          if (err instanceof CodeRefused) {
            await app.audit(request, {
              action: 'auth.2fa_failed',
              actor: { role, accountId: err.staffId, correo: err.correo },
              outcome: 'failure',
            });
          } else {
            reply.clearCookie(challenge.name, challenge.options);
          }
          throw err;
        }
        const token = await app.sessions.create(role, result.staffId, client(request));
        reply.clearCookie(challenge.name, challenge.options);
        reply.setCookie(cookies.names[role], token, cookies.options);
        // A completed sign-in makes this browser known for the login (issue 18, device cookies).
        devices.remember(request, reply, result.correo);
        await app.audit(request, {
          action: 'auth.2fa_login',
          actor: { role, accountId: result.staffId, correo: result.correo },
          detail: result.method === 'recovery' ? 'con un código de recuperación' : 'con el código de la aplicación',
        });
        return { success: true, message: messages.loginOk };
      },
    });

    app.get(`${base}/two-factor`, {
      config: enrolment,
      schema: { response: { 200: twoFactorStatusSchema, ...errorResponses } },
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const s = await app.twoFactor.status(me(request).accountId, me(request).idHash);
        return { activo: s.enabled, obligatorio: s.required, codigos_restantes: s.recoveryCodesLeft, restringida: s.restricted };
      },
    });

    app.post(`${base}/two-factor/setup`, {
      config: enrolment,
      schema: { response: { 200: twoFactorSetupSchema, ...errorResponses } },
      handler: async (request, reply) => {
        const account = me(request);
        const setup = await app.twoFactor.setup(account.accountId, account.correo);
        await app.audit(request, { action: 'auth.2fa_setup', role });
        reply.header('cache-control', 'no-store');
        return { success: true as const, ...setup };
      },
    });

    app.post(`${base}/two-factor/confirm`, {
      config: enrolment,
      schema: { body: totpCodeSchema, response: { 200: twoFactorRecoveryCodesSchema, ...errorResponses } },
      handler: async (request, reply) => {
        const account = me(request);
        const codes = await app.twoFactor.confirm(account.accountId, request.body.codigo);
        await app.audit(request, { action: 'auth.2fa_enabled', role });
        // Sessions opened with the password alone end everywhere; this browser gets a new one.
        await app.sessions.revokeAccounts([{ role, accountId: account.accountId }]);
        reply.setCookie(
          cookies.names[role],
          await app.sessions.create(role, account.accountId, client(request)),
          cookies.options,
        );
        reply.header('cache-control', 'no-store');
        return { success: true as const, message: messages.twoFactorEnabledOk, codigos_recuperacion: codes };
      },
    });

    app.post(`${base}/two-factor/recovery-codes`, {
      config: enrolment,
      schema: { body: totpCodeSchema, response: { 200: twoFactorRecoveryCodesSchema, ...errorResponses } },
      handler: async (request, reply) => {
        const codes = await app.twoFactor.regenerateRecoveryCodes(me(request).accountId, request.body.codigo);
        await app.audit(request, { action: 'auth.2fa_recovery_regenerated', role });
        reply.header('cache-control', 'no-store');
        return { success: true as const, message: messages.twoFactorRecoveryRegenerated, codigos_recuperacion: codes };
      },
    });

    app.post(`${base}/two-factor/disable`, {
      config: enrolment,
      schema: { body: totpCodeSchema, response: { 200: resultSchema, ...errorResponses } },
      handler: async (request) => {
        await app.twoFactor.disable(me(request).accountId, request.body.codigo);
        await app.audit(request, { action: 'auth.2fa_disabled', role });
        return { success: true, message: messages.twoFactorDisabledOk };
      },
    });
  }

  // An administrator resets another staff member's second factor (a lost phone and no recovery
  // codes; decision 0021): the account then signs in with its password and enrols again.
  app.post('/api/admin/staff/two-factor/reset', {
    config: { access: 'admin' },
    schema: { body: staffTwoFactorResetSchema, response: { 200: resultSchema, ...errorResponses } },
    handler: async (request) => {
      const admin = requireRole(request, 'admin');
      const { correo, rol, codigo } = request.body;
      const account = await app.twoFactor.resetOther(
        { staffId: admin.accountId, correo: admin.correo },
        { correo, role: rol },
        codigo || undefined,
      );
      await app.audit(request, {
        action: 'auth.2fa_reset',
        role: 'admin',
        detail: `cuenta ${rol === 'admin' ? 'de administrador' : 'de médico'} ${account.correo} (${account.id})`,
      });
      return { success: true, message: messages.staffTwoFactorResetOk };
    },
  });
}
