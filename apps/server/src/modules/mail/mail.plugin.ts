import fp from 'fastify-plugin';
import { mailJobsRepository } from './mail-jobs.repository.js';
import { mailService } from './mail.service.js';
import mailRoutes from './mail.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The administrators' view of the e-mail queue (modules/mail). */
    outbox: ReturnType<typeof mailService>;
  }
}

/** The mail module's routes: the administrators' outbox (`app.outbox`). The queue itself is the `mailer` plugin (mailer.plugin.ts), registered before every module. */
export default fp(
  async (app) => {
    app.decorate('outbox', mailService({ repo: mailJobsRepository(app.db), mode: app.mail.mode, outboxDir: app.mail.outboxDir }));
    await app.register(mailRoutes);
  },
  { name: 'mail', dependencies: ['db', 'mailer', 'sessions', 'two-factor', 'audit'] },
);
