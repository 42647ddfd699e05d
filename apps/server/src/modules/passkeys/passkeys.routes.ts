import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PASSKEY_CHALLENGE_MS,
  messages,
  passkeyIdParamsSchema,
  passkeyListSchema,
  passkeyLoginSchema,
  passkeyOptionsSchema,
  passkeyRegistrationSchema,
  resultSchema,
} from '@clinica/shared';
import { errorResponses, tooManyRequests } from '../../infra/http/errors.js';
import { cookieNames, hashToken } from '../auth/index.js';
import { sharedThrottle } from '../auth/index.js';
import { requireRole } from '../../infra/http/access.js';
import { PasskeyRefused, type RelyingParty, type StaffRole } from './passkeys.service.js';


/**
 * Passkeys of administrators and doctors (issue 18, item 4; decision 0026): the security page's
 * list, registration and removal, and the login pages' "Ingresar con llave de acceso".
 */
export default async function passkeysRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const cookies = cookieNames(app.config.production);
  const passkeys = app.passkeys;
  // Failed passkey sign-ins per address: an assertion cannot be guessed, but a flood of them
  // still costs signature checks and audit rows.
  const ipThrottle = sharedThrottle(app, { name: 'passkey-ip', max: app.config.loginMaxAttempts * 4, windowMs: app.config.loginWindowMs });

  // The relying party is PUBLIC_ORIGIN (required in production). Without it (development, the
  // demo, tests) it is the origin the browser asked, as the sessions plugin's Origin check does.
  const configured = app.config.publicOrigin ? new URL(app.config.publicOrigin) : undefined;
  const relyingParty = (request: FastifyRequest): RelyingParty => {
    const url = configured ?? new URL(`${request.protocol}://${request.host}`);
    return { rpID: url.hostname, origin: url.origin };
  };
  const client = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
  });

  for (const role of ['admin', 'doctor'] as const satisfies readonly StaffRole[]) {
    const base = `/api/${role}`;
    // The ceremony's cookie: random, httpOnly, 5 minutes, one per role; the row holds its hash.
    const ceremony = {
      name: `${app.config.production ? '__Host-' : ''}pk_${role}`,
      options: { path: '/', httpOnly: true, sameSite: 'strict' as const, secure: app.config.production },
    };
    const setCeremony = (reply: FastifyReply, token: string) =>
      reply.setCookie(ceremony.name, token, { ...ceremony.options, maxAge: PASSKEY_CHALLENGE_MS / 1000 });
    const clearCeremony = (reply: FastifyReply) => reply.clearCookie(ceremony.name, ceremony.options);
    const me = (request: FastifyRequest) => requireRole(request, role);

    app.get(`${base}/passkeys`, {
      config: { access: role },
      schema: { response: { 200: passkeyListSchema, ...errorResponses } },
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const llaves = (await passkeys.list(me(request).accountId)).map((p) => ({
          id: p.id,
          nombre: p.nombre,
          creada: p.created_at.toISOString(),
          ultimo_uso: p.last_used_at?.toISOString() ?? null,
          sincronizada: p.backed_up,
        }));
        return { llaves };
      },
    });

    app.post(`${base}/passkeys/options`, {
      config: { access: role },
      schema: { response: { 200: passkeyOptionsSchema, ...errorResponses } },
      handler: async (request, reply) => {
        const { token, options } = await passkeys.registrationOptions(role, me(request), relyingParty(request));
        setCeremony(reply, token);
        reply.header('cache-control', 'no-store');
        return { opciones: options as unknown as Record<string, unknown> };
      },
    });

    app.post(`${base}/passkeys`, {
      config: { access: role },
      schema: { body: passkeyRegistrationSchema, response: { 201: resultSchema, ...errorResponses } },
      handler: async (request, reply) => {
        const token = request.cookies[ceremony.name];
        clearCeremony(reply);
        const { nombre, respuesta } = request.body;
        const added = await passkeys.register(
          role,
          me(request),
          token,
          { nombre, respuesta },
          relyingParty(request),
        );
        await app.audit(request, { action: 'auth.passkey_registered', role, detail: `llave «${added.nombre}» (${added.id})` });
        return reply.code(201).send({ success: true, message: messages.passkeyRegisteredOk });
      },
    });

    app.delete(`${base}/passkeys/:id`, {
      config: { access: role },
      schema: { params: passkeyIdParamsSchema, response: { 200: resultSchema, ...errorResponses } },
      handler: async (request) => {
        const removed = await passkeys.remove(me(request).accountId, request.params.id);
        // The key may be lost or stolen: the sessions it opened end on every instance.
        for (const idHash of removed.sessions) await app.sessions.revoke(idHash);
        await app.audit(request, { action: 'auth.passkey_removed', role, detail: `llave «${removed.nombre}» (${request.params.id})` });
        return { success: true, message: messages.passkeyRemovedOk };
      },
    });

    app.post(`${base}/login/passkey/options`, {
      config: { access: 'anonymous' },
      schema: { response: { 200: passkeyOptionsSchema, ...errorResponses } },
      handler: async (request, reply) => {
        if (await ipThrottle.isBlocked([`ip:${request.ip}`])) throw tooManyRequests();
        const { token, options } = await passkeys.loginOptions(role, relyingParty(request));
        setCeremony(reply, token);
        reply.header('cache-control', 'no-store');
        return { opciones: options as unknown as Record<string, unknown> };
      },
    });

    app.post(`${base}/login/passkey`, {
      config: { access: 'anonymous' },
      schema: { body: passkeyLoginSchema, response: { 200: resultSchema, ...errorResponses } },
      handler: async (request, reply) => {
        const token = request.cookies[ceremony.name];
        clearCeremony(reply);
        const ipKey = [`ip:${request.ip}`];
        if (await ipThrottle.isBlocked(ipKey)) throw tooManyRequests();
        let result;
        try {
          result = await passkeys.login(role, token, request.body.respuesta, relyingParty(request));
        } catch (err) {
          if (err instanceof PasskeyRefused) {
            await ipThrottle.recordFailure(ipKey);
            await app.audit(request, {
              action: 'auth.passkey_failed',
              ...(err.account ? { actor: { role: err.account.role, accountId: err.account.id, correo: err.account.correo } } : {}),
              outcome: 'failure',
              detail: err.why,
            });
          }
          throw err;
        }
        const { account, passkey } = result;
        const session = await app.sessions.create(role, account.id, client(request));
        // Both factors: the two-factor gate lets this session through (decision 0026).
        await passkeys.markSession(hashToken(session), passkey.id);
        reply.setCookie(cookies.names[role], session, cookies.options);
        await app.audit(request, {
          action: 'auth.passkey_login',
          actor: { role, accountId: account.id, correo: account.correo },
          detail: `llave «${passkey.nombre}»`,
        });
        return { success: true, message: messages.loginOk };
      },
    });
  }

  const sweep = setInterval(() => {
    passkeys.sweep().catch((err: unknown) => app.log.warn({ err }, 'passkey challenge sweep failed'));
  }, 10 * 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}
