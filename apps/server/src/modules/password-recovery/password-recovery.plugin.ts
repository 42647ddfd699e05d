import fp from 'fastify-plugin';
import { sharedThrottle } from '../auth/index.js';
import { passwordRecoveryRepository } from './password-recovery.repository.js';
import { passwordRecoveryService, type PasswordRecoveryService } from './password-recovery.service.js';
import passwordRecoveryRoutes from './password-recovery.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Password-recovery links (modules/password-recovery). */
    passwordRecovery: PasswordRecoveryService;
  }
}

const WINDOW_MS = 15 * 60_000;

/** Password recovery: the service built once (`app.passwordRecovery`) and its routes. */
export default fp(
  async (app) => {
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
    app.decorate('passwordRecovery', service);
    app.addHook('onClose', async () => service.settled());
    await app.register(passwordRecoveryRoutes);
  },
  { name: 'password-recovery', dependencies: ['config', 'db', 'redis', 'sessions', 'mailer', 'two-factor'] },
);
