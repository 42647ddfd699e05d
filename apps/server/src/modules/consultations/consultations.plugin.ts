import fp from 'fastify-plugin';
import { consultationsRepository } from './consultations.repository.js';
import { consultationsService, type ConsultationsService } from './consultations.service.js';
import consultationsRoutes from './consultations.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Virtual consultations (modules/consultations). */
    consultations: ConsultationsService;
  }
}

/**
 * Virtual consultations: the service built once (`app.consultations`), what a consultation's
 * payment does when decided (registered with payments), and the routes.
 */
export default fp(
  async (app) => {
    const service = consultationsService({
      db: app.db,
      repo: consultationsRepository(app.db),
      doctors: app.doctors,
      payments: app.payments,
      notify: app.notify,
      now: app.now,
      ignoreHours: app.config.ignoreConsultationHours,
    });
    app.decorate('consultations', service);
    app.payments.registerEffects(service.paymentEffects);
    app.payments.yappy.registerTarget(service.yappyTarget);
    await app.register(consultationsRoutes);
  },
  { name: 'consultations', dependencies: ['config', 'db', 'payments', 'doctors', 'mailer', 'sessions', 'two-factor', 'audit', 'video'] },
);
