import fp from 'fastify-plugin';
import { doctorProfileRepository } from './doctor-profile.repository.js';
import { doctorProfileService, type DoctorProfileService } from './doctor-profile.service.js';
import doctorProfileRoutes from './doctor-profile.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The doctors' printed identity on documents (modules/doctor-profile, decision 0041). */
    doctorProfiles: DoctorProfileService;
  }
}

/** The doctor's profile: its service built once (`app.doctorProfiles`, also read by documents) and its routes. */
export default fp(
  async (app) => {
    app.decorate('doctorProfiles', doctorProfileService(doctorProfileRepository(app.db)));
    await app.register(doctorProfileRoutes);
  },
  { name: 'doctor-profile', dependencies: ['db', 'sessions', 'two-factor', 'audit'] },
);
