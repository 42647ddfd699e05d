import fp from 'fastify-plugin';
import healthRoutes from './health.routes.js';

/** The health module: /healthz and /readyz. */
export default fp(
  async (app) => {
    await app.register(healthRoutes);
  },
  { name: 'health', dependencies: ['config', 'db', 'redis', 'sessions'] },
);
