import fp from 'fastify-plugin';
import { notificationChannelsRepository } from './notification-channels.repository.js';
import { notificationChannelsService, type NotificationChannelsService } from './notification-channels.service.js';
import notificationChannelsRoutes from './notification-channels.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** A patient's notice channels and WhatsApp consent (modules/notification-channels, decision 0059). */
    notificationChannels: NotificationChannelsService;
  }
}

/** The patient's notice channels (issue 27, item 4): the WhatsApp opt-in and its withdrawal. */
export default fp(
  async (app) => {
    app.decorate(
      'notificationChannels',
      notificationChannelsService({ repo: notificationChannelsRepository(app.db), whatsappEnabled: app.mail.whatsappEnabled, now: app.now }),
    );
    await app.register(notificationChannelsRoutes);
  },
  { name: 'notification-channels', dependencies: ['db', 'mailer', 'sessions', 'two-factor', 'audit'] },
);
