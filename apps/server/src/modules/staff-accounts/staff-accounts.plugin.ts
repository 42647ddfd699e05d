import fp from 'fastify-plugin';
import { staffAccountsRepository } from './staff-accounts.repository.js';
import { staffAccountsService, type StaffAccountsService } from './staff-accounts.service.js';
import staffAccountsRoutes from './staff-accounts.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Staff accounts pending, active or deactivated (modules/staff-accounts). */
    staffAccounts: StaffAccountsService;
  }
}

/** Staff accounts (decision 0025): the service built once (`app.staffAccounts`) and its routes. */
export default fp(
  async (app) => {
    app.decorate(
      'staffAccounts',
      staffAccountsService({
        repo: staffAccountsRepository(app.db),
        now: app.now,
        notify: app.notify,
        // revokeAccounts publishes on `sessions:revoked`: every instance forgets the sessions and
        // closes their chat sockets (docs/architecture.md, "Several instances").
        endSessions: (account) => app.sessions.revokeAccounts([account]),
      }),
    );
    await app.register(staffAccountsRoutes);
  },
  { name: 'staff-accounts', dependencies: ['db', 'mailer', 'sessions', 'two-factor', 'audit'] },
);
