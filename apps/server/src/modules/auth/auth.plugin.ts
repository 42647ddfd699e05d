import fp from 'fastify-plugin';
import { accountsRepository } from './accounts.repository.js';
import { authService, type AuthService } from './auth.service.js';
import { sharedBackoff, sharedThrottle } from './login-throttle.js';
import authRoutes from './auth.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Accounts, registration and sign-in (modules/auth). */
    auth: AuthService;
  }
}

/** The longest wait the account lock grows to, and how long failures are remembered (issue 18). */
const LOCK_MAX_DELAY_MS = 60 * 60_000;
const LOCK_MEMORY_MS = 24 * 60 * 60_000;

/**
 * The auth module: its service built once (`app.auth`) and its routes. The session layer it rests
 * on is the `sessions` plugin, registered before every module (its gate must reach every route).
 */
export default fp(
  async (app) => {
    // Shared by every instance through Redis when REDIS_URL is set (issue 10).
    const throttle = (name: string, max: number) => sharedThrottle(app, { name, max, windowMs: app.config.loginWindowMs });
    // Growing delays per login (issue 18): LOGIN_MAX_ATTEMPTS free, then LOGIN_WINDOW_SECONDS,
    // doubled at each further failure, up to an hour.
    const backoff = (name: string) =>
      sharedBackoff(app, {
        name,
        free: app.config.loginMaxAttempts,
        firstDelayMs: app.config.loginWindowMs,
        maxDelayMs: Math.max(LOCK_MAX_DELAY_MS, app.config.loginWindowMs),
        memoryMs: LOCK_MEMORY_MS,
      });
    app.decorate(
      'auth',
      authService({
        accounts: accountsRepository(app.db),
        sessions: app.sessions,
        storage: app.storage,
        accountThrottle: backoff('login-account'),
        deviceThrottle: backoff('login-device'),
        // Several people may share one address (a clinic, a family), so the address gets more tries,
        // and browsers that signed in before are not held by it at all.
        ipThrottle: throttle('login-ip', app.config.loginMaxAttempts * 4),
        // A handful of wrong keys per address and window: a person mistypes, a script guesses.
        registrationKeyThrottle: throttle('registration-key', app.config.loginMaxAttempts),
        maxAttempts: app.config.loginMaxAttempts,
        notify: app.notify,
        log: app.log,
        registrationKeys: { admin: app.config.adminRegistrationKey, doctor: app.config.doctorRegistrationKey },
        now: app.now,
        secondFactor: app.twoFactor,
      }),
    );
    await app.register(authRoutes);
  },
  { name: 'auth', dependencies: ['config', 'db', 'redis', 'storage', 'sessions', 'mailer', 'audit', 'two-factor'] },
);
