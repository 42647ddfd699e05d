import fp from 'fastify-plugin';
import { emailVerificationRepository } from './email-verification.repository.js';
import { emailVerificationService, type EmailVerificationService } from './email-verification.service.js';
import emailVerificationRoutes from './email-verification.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Patients' e-mail verification links (modules/email-verification). */
    emailVerification: EmailVerificationService;
  }
}

/**
 * E-mail verification (issue 18): its service built once, the first link sent after every
 * patient registration (a listener on auth, so auth never imports this module), and its routes.
 */
export default fp(
  async (app) => {
    const service = emailVerificationService({
      repo: emailVerificationRepository(app.db),
      notify: app.notify,
      sessions: app.sessions,
      storage: app.storage,
      now: app.now,
      log: app.log,
    });
    app.decorate('emailVerification', service);
    // The welcome message carries the verification link.
    app.auth.onPatientRegistered((patientId) => service.sendFirst(patientId));
    await app.register(emailVerificationRoutes);
  },
  { name: 'email-verification', dependencies: ['config', 'db', 'storage', 'sessions', 'mailer', 'auth'] },
);
