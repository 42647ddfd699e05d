import fp from 'fastify-plugin';
import { remindersRepository } from './reminders.repository.js';
import { remindersService, type RemindersService } from './reminders.service.js';
import remindersRoutes from './reminders.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reminders before appointments and their one-tap confirm link (modules/reminders). */
    reminders: RemindersService;
  }
}

/**
 * Reminders (issue 24, item 7, decision 0052): the service, its routes, and a sweep every
 * APPOINTMENT_REMINDER_SWEEP_SECONDS on each instance that sends mail (MAIL_WORKER); the claim in the database keeps it to one mail
 * each, however many instances sweep. Tests call `app.reminders.sweep()` with their clock.
 */
export default fp(
  async (app) => {
    const service = remindersService({
      repo: remindersRepository(app.db),
      notify: app.notify,
      hours: app.config.appointmentReminderHours,
      now: app.now,
      log: app.log,
    });
    app.decorate('reminders', service);
    await app.register(remindersRoutes);

    if (app.config.mail.worker && app.config.appointmentReminderHours.length > 0) {
      let timer: NodeJS.Timeout | undefined;
      let running: Promise<unknown> = Promise.resolve();
      const run = () => {
        running = service.sweep().catch((err: unknown) => app.log.error({ err }, 'appointment reminders sweep failed'));
      };
      app.addHook('onReady', async () => {
        run();
        timer = setInterval(run, app.config.appointmentReminderSweepMs);
        timer.unref();
      });
      // Before the database closes (onClose hooks): stop, and let a sweep in progress finish.
      app.addHook('preClose', async () => {
        clearInterval(timer);
        await running;
      });
    }
  },
  { name: 'reminders', dependencies: ['config', 'db', 'mailer', 'appointments'] },
);
