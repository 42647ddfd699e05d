import fp from 'fastify-plugin';
import siteRoutes from './site.routes.js';

/** The site module: the clinic's public configuration. */
export default fp(
  async (app) => {
    await app.register(siteRoutes);
  },
  { name: 'site', dependencies: ['config', 'sessions'] },
);
