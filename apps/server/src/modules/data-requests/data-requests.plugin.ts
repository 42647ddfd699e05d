import fp from 'fastify-plugin';
import { dataRequestsRepository, type DataRequestsRepository } from './data-requests.repository.js';
import { dataRequestsService, type DataRequestsService } from './data-requests.service.js';
import dataRequestsRoutes from './data-requests.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Correction and account-closing requests (modules/data-requests). */
    dataRequests: DataRequestsService;
    /** Their lists, read by the routes (keyset pages). */
    dataRequestsRepository: DataRequestsRepository;
  }
}

/** Ley 81 requests (decision 0028): the service built once (`app.dataRequests`) and its routes. */
export default fp(
  async (app) => {
    const repo = dataRequestsRepository(app.db);
    app.decorate('dataRequestsRepository', repo);
    app.decorate(
      'dataRequests',
      dataRequestsService({
        repo,
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
