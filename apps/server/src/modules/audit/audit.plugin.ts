import fp from 'fastify-plugin';
import { auditRepository, type AuditRepository } from './audit.repository.js';
import auditRoutes from './audit.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The audit trail's reads (modules/audit). */
    auditLog: AuditRepository;
  }
}

/** The audit module's routes: the trail read by administrators (`app.auditLog`). The trail itself is the `audit` plugin (audit-trail.plugin.ts), registered before every module. */
export default fp(
  async (app) => {
    app.decorate('auditLog', auditRepository(app.db));
    await app.register(auditRoutes);
  },
  { name: 'audit-log', dependencies: ['db', 'sessions', 'two-factor', 'audit'] },
);
