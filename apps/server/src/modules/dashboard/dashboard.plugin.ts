import fp from 'fastify-plugin';
import { dashboardRepository } from './dashboard.repository.js';
import { dashboardService, type DashboardService } from './dashboard.service.js';
import dashboardRoutes from './dashboard.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The administrators' dashboard figures (modules/dashboard). */
    dashboard: DashboardService;
  }
}

/** The administrators' dashboard: the service built once (`app.dashboard`) and its route. */
export default fp(
  async (app) => {
    app.decorate('dashboard', dashboardService({ repo: dashboardRepository(app.db), now: app.now }));
    await app.register(dashboardRoutes);
  },
  { name: 'dashboard', dependencies: ['config', 'db', 'sessions', 'two-factor'] },
);
