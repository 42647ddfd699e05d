import fp from 'fastify-plugin';
import { calendarRepository } from './calendar.repository.js';
import { calendarService, type CalendarService } from './calendar.service.js';
import calendarRoutes from './calendar.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The doctors' private iCalendar feeds (modules/calendar). */
    calendar: CalendarService;
  }
}

/** The doctors' calendar feeds: the service built once (`app.calendar`) and the routes. */
export default fp(
  async (app) => {
    app.decorate(
      'calendar',
      calendarService({
        repo: calendarRepository(app.db),
        now: app.now,
        clinic: { name: app.config.clinic.name, address: app.config.clinic.address },
        origin: app.config.mail.linkOrigin,
      }),
    );
    await app.register(calendarRoutes);
  },
  { name: 'calendar', dependencies: ['config', 'db', 'sessions', 'two-factor', 'audit', 'appointments'] },
);
