import fp from 'fastify-plugin';
import { appointmentsRepository } from './appointments.repository.js';
import { appointmentsService, type AppointmentsService } from './appointments.service.js';
import appointmentsRoutes from './appointments.routes.js';
import appointmentsTestOnlyRoutes from './appointments.test-only.routes.js';
import waitlistRoutes from './waitlist.routes.js';
import { waitlistRepository } from './waitlist.repository.js';
import { AvailabilityCache, availabilityFeed } from './appointments.availability.js';

const HOLD_SWEEP_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** In-person appointments (modules/appointments). */
    appointments: AppointmentsService;
  }
}

/**
 * In-person appointments: the service built once (`app.appointments`), what an appointment's
 * payment does when decided (registered with payments), and the routes.
 */
export default fp(
  async (app) => {
    // What the free-hours call shows, cached briefly per instance and dropped on every instance
    // by the realtime pub/sub (Redis in scale-out) whenever a doctor's availability changes.
    const cache = new AvailabilityCache(app.now);
    const feed = await availabilityFeed(cache, app.realtime.pubsub, (err) => app.log.warn({ err }, 'availability change not published'));
    app.addHook('onClose', async () => feed.unsubscribe());
    const service = appointmentsService({
      cache,
      changed: (doctorId) => feed.changed(doctorId),
      db: app.db,
      repo: appointmentsRepository(app.db),
      doctors: app.doctors,
      payments: app.payments,
      notify: app.notify,
      now: app.now,
      quotas: app.config.quotas,
      holds: app.config.appointmentHolds,
      rules: app.config.appointmentRules,
      waitlist: { repo: waitlistRepository(app.db), settings: app.config.appointmentWaitlist },
      warn: (err, what) => app.log.warn({ err }, what),
    });
    app.decorate('appointments', service);
    app.payments.registerEffects(service.paymentEffects);
    app.payments.yappy.registerTarget(service.yappyTarget);
    await app.register(appointmentsRoutes);
    // Browser tests only; the configuration refuses the switch in production (decision 0049, session 10).
    if (app.config.testOnlyAppointmentBackdate) await app.register(appointmentsTestOnlyRoutes);
    await app.register(waitlistRoutes);

    // Holds that expire (decision 0050): every minute, unapproved transfer/Yappy bookings past
    // their deadline are released. Safe on several instances: each release is one conditional
    // UPDATE, and only the instance that made it sends the mail.
    const sweep = setInterval(() => {
      service.expireHolds().catch((err: unknown) => app.log.warn({ err }, 'appointment hold sweep failed'));
      // PayPal checkouts that lapsed free their hours for the waitlist (decision 0050, session 10).
      service.releaseLapsedCheckouts().catch((err: unknown) => app.log.warn({ err }, 'lapsed checkout sweep failed'));
      // Waitlist offers past their deadline and entries of past days end (decision 0050); one conditional UPDATE each.
      service.waitlist?.expire().catch((err: unknown) => app.log.warn({ err }, 'waitlist sweep failed'));
    }, HOLD_SWEEP_MS);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'appointments', dependencies: ['config', 'db', 'payments', 'doctors', 'mailer', 'sessions', 'two-factor', 'audit', 'realtime'] },
);
