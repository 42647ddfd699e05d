import fp from 'fastify-plugin';
import { patientsAdminRepository } from './patients-admin.repository.js';
import patientsAdminRoutes from './patients-admin.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The administrators' patient list (modules/patients-admin). */
    patientsAdmin: ReturnType<typeof patientsAdminRepository>;
  }
}

/** The administrators' patient list: its repository built once (`app.patientsAdmin`) and its routes. */
export default fp(
  async (app) => {
    app.decorate('patientsAdmin', patientsAdminRepository(app.db));
    await app.register(patientsAdminRoutes);
  },
  { name: 'patients-admin', dependencies: ['db', 'storage', 'records', 'sessions', 'two-factor', 'audit', 'appointments'] },
);
