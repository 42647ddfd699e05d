import fp from 'fastify-plugin';
import { dataRequestsRepository } from './data-requests.repository.js';
import { dataRequestsService, type DataRequestsService } from './data-requests.service.js';
import dataRequestsRoutes from './data-requests.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Correction and account-closing requests (modules/data-requests). */
    dataRequests: DataRequestsService;
  }
}

/** Ley 81 requests (decision 0028): the service built once (`app.dataRequests`) and its routes. */
export default fp(
  async (app) => {
    app.decorate(
      'dataRequests',
      dataRequestsService({
        repo: dataRequestsRepository(app.db),
        now: app.now,
        notify: app.notify,
        effects: {
          endSessions: (patientId) => app.sessions.revokeAccounts([{ role: 'patient', accountId: patientId }]),
          deleteFile: (fileId) => app.storage.delete(fileId),
        },
      }),
    );
    await app.register(dataRequestsRoutes);
  },
  { name: 'data-requests', dependencies: ['db', 'storage', 'mailer', 'sessions', 'two-factor', 'audit'] },
);
