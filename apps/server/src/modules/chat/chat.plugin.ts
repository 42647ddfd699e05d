import fp from 'fastify-plugin';
import { sharedThrottle } from '../auth/index.js';
import { assertTransition } from '../consultations/index.js';
import { chatRepository } from './chat.repository.js';
import { chatService, type ChatService } from './chat.service.js';
import chatRoutes from './chat.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The chat consultation (modules/chat). */
    chat: ChatService;
  }
}

/**
 * The chat consultation: its service built once (`app.chat`), what an extra hour's payment does
 * when decided (registered with payments), and its routes and socket.
 */
export default fp(
  async (app) => {
    const service = chatService({
      db: app.db,
      repo: chatRepository(app.db),
      payments: app.payments,
      notify: app.notify,
      storage: app.storage,
      pubsub: app.realtime.pubsub,
      now: app.now,
      sendLimits: app.config.chatSendLimits.map((limit) => sharedThrottle(app, limit)),
      imageBytesQuota: app.config.quotas.imageBytesPerConsultation,
      transition: (consultationId, event, exec) => assertTransition(exec ?? app.db, consultationId, event, app.now()),
    });
    app.decorate('chat', service);
    app.payments.registerEffects(service.paymentEffects);
    await app.register(chatRoutes);
  },
  {
    name: 'chat',
    dependencies: ['config', 'db', 'redis', 'storage', 'realtime', 'payments', 'consultations', 'mailer', 'sessions', 'two-factor', 'audit'],
  },
);
