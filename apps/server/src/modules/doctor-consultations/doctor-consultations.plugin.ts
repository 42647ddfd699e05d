import fp from 'fastify-plugin';
import { doctorConsultationsRepository } from './doctor-consultations.repository.js';
import { doctorConsultationsService } from './doctor-consultations.service.js';
import doctorConsultationsRoutes from './doctor-consultations.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** A doctor's consultations and their modal (modules/doctor-consultations). */
    doctorConsultations: ReturnType<typeof doctorConsultationsService>;
  }
}

/** The doctor's consultations: the service built once (`app.doctorConsultations`) and its routes. */
export default fp(
  async (app) => {
    app.decorate(
      'doctorConsultations',
      doctorConsultationsService({
        repo: doctorConsultationsRepository(app.db),
        exams: app.examFiles,
        // The modal shows the chat's transcript (issue 4).
        transcript: (consultationId) => app.chat.transcript(consultationId),
        now: app.now,
      }),
    );
    await app.register(doctorConsultationsRoutes);
  },
  { name: 'doctor-consultations', dependencies: ['db', 'records', 'chat', 'sessions', 'two-factor', 'audit', 'video'] },
);
