import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@clinica/shared';
import { sharedThrottle } from '../auth/index.js';
import { passkeysRepository } from '../passkeys/index.js';
import { twoFactorRepository } from './two-factor.repository.js';
import { twoFactorService, type TwoFactorService } from './two-factor.service.js';
import twoFactorRoutes from './two-factor.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Two-factor sign-in of staff (issue 11): enrolment, codes, sign-ins waiting for their code. */
    twoFactor: TwoFactorService;
  }
  interface FastifyContextConfig {
    /**
     * Open to a staff session that has not enrolled yet while enrolment is required: the
     * enrolment's own routes and 'Logout All'. Every other staff route answers 403.
     */
    withoutTwoFactor?: boolean;
  }
}

/**
 * The two-factor module: its service built once (`app.twoFactor`), its gate and its routes. While STAFF_2FA_REQUIRED is on, a staff account that
 * has not enrolled keeps its session but that session does not count on any route but the
 * enrolment's: the gate removes it from `request.accounts`, and a request left with no account
 * is answered 403 with the Spanish message that sends the person to enrol.
 */
export default fp(
  async (app) => {
    const passkeys = passkeysRepository(app.db);
    const service = twoFactorService({
      repo: twoFactorRepository(app.db),
      key: app.config.fileKeys,
      required: app.config.staffTwoFactorRequired,
      accountThrottle: sharedThrottle(app, {
        name: 'two-factor',
        max: app.config.loginMaxAttempts * 2,
        windowMs: app.config.loginWindowMs,
      }),
      passkeySession: (idHash) => passkeys.isPasskeySession(idHash),
      endSessions: (account) => app.sessions.revokeAccounts([account]),
      notify: app.notify,
      now: app.now,
    });
    app.decorate('twoFactor', service);

    async function twoFactorGate(request: FastifyRequest, reply: FastifyReply) {
      if (reply.sent) return;
      let removed = false;
      for (const role of ['admin', 'doctor'] as const) {
        const account = request.accounts[role];
        if (account && (await service.isRestricted(account.accountId, account.idHash))) {
          delete request.accounts[role];
          removed = true;
        }
      }
      if (removed && Object.keys(request.accounts).length === 0) {
        return reply.code(403).send({ success: false, message: messages.twoFactorEnrolmentRequired });
      }
    }
    const gates = new WeakSet<object>();

    // Runs after the sessions plugin's onRoute (registered earlier), so the gate comes after the
    // session gate on every route open to staff.
    if (app.config.staffTwoFactorRequired) {
      app.addHook('onRoute', (route) => {
        const access = route.config?.access;
        const list = access === undefined ? [] : typeof access === 'string' ? [access] : access;
        if (!route.url.startsWith('/api') || list.includes('anonymous') || route.config?.withoutTwoFactor) return;
        if (!list.includes('admin') && !list.includes('doctor')) return;
        const hooks = route.onRequest === undefined ? [] : [route.onRequest].flat();
        if (hooks.some((h) => gates.has(h))) return;
        const gate = twoFactorGate.bind(null);
        gates.add(gate);
        route.onRequest = [...hooks, gate];
      });
    }

    const sweep = setInterval(() => {
      service.sweep().catch((err: unknown) => app.log.warn({ err }, 'two-factor sweep failed'));
    }, 10 * 60_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
    // After the gate's onRoute hook, so the module's own staff routes get it too.
    await app.register(twoFactorRoutes);
  },
  { name: 'two-factor', dependencies: ['config', 'db', 'redis', 'sessions', 'mailer', 'audit'] },
);
