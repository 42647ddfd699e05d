import fp from 'fastify-plugin';
import { sharedThrottle } from '../auth/index.js';
import { assertTransition } from '../consultations/index.js';
import { chatRepository } from './chat.repository.js';
import { chatService, type ChatService } from './chat.service.js';
import chatRoutes from './chat.routes.js';
import { VIDEO_SWEEP_MS, chatSignalling } from './chat.signalling.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The chat consultation (modules/chat). */
    chat: ChatService;
    /** Ends the video calls whose consultation's time is over (the sweep's one pass; decision 0053). */
    chatVideoSweep: () => Promise<void>;
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
    app.payments.yappy.registerTarget(service.yappyTarget);
    await app.register(chatRoutes);

    // Video calls end with the consultation's paid time (decision 0053): every instance sweeps;
    // each call is ended by one conditional UPDATE, so only one instance tells the two sides.
    // Tests call `app.chatVideoSweep()` with their clock.
    const signalling = chatSignalling({ app, chat: service, video: app.video, pubsub: app.realtime.pubsub, log: app.log });
    let running: Promise<void> | undefined;
    const sweep = () => {
      running ??= signalling
        .sweep()
        .catch((err: unknown) => app.log.error({ err }, 'video call sweep failed'))
        .finally(() => {
          running = undefined;
        });
      return running;
    };
    app.decorate('chatVideoSweep', sweep);
    const timer = setInterval(() => void sweep(), VIDEO_SWEEP_MS);
    timer.unref();
    // Before the database closes: stop, and let a sweep under way finish.
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  {
    name: 'chat',
    dependencies: ['config', 'db', 'redis', 'storage', 'realtime', 'payments', 'consultations', 'video', 'mailer', 'sessions', 'two-factor', 'audit'],
  },
);
