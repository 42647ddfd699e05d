import fp from 'fastify-plugin';
import { sponsorsRepository } from './sponsors.repository.js';
import { sponsorsService } from './sponsors.service.js';
import sponsorsRoutes from './sponsors.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sponsors (modules/sponsors). */
    sponsors: ReturnType<typeof sponsorsService>;
  }
}

/** Sponsors: the service built once (`app.sponsors`) and its routes. */
export default fp(
  async (app) => {
    app.decorate('sponsors', sponsorsService({ repo: sponsorsRepository(app.db), media: app.media, now: app.now }));
    await app.register(sponsorsRoutes);
  },
  { name: 'sponsors', dependencies: ['config', 'db', 'media', 'sessions', 'two-factor', 'audit'] },
);
