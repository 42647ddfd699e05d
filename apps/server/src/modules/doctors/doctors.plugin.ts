import fp from 'fastify-plugin';
import { doctorsRepository, type DoctorsRepository } from './doctors.repository.js';
import doctorsRoutes from './doctors.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The doctors of each service (modules/doctors). */
    doctors: DoctorsRepository;
  }
}

/** The doctors module: their repository built once (`app.doctors`, other modules read doctors through it) and the public list. */
export default fp(
  async (app) => {
    app.decorate('doctors', doctorsRepository(app.db));
    await app.register(doctorsRoutes);
  },
  { name: 'doctors', dependencies: ['db', 'sessions', 'two-factor'] },
);
