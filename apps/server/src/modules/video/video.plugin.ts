import fp from 'fastify-plugin';
import { videoRepository } from './video.repository.js';
import { videoService, type VideoService } from './video.service.js';
import videoRoutes from './video.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Video consultations (modules/video): TURN credentials, consent, the calls' record. */
    video: VideoService;
  }
}

/**
 * Video consultations (issue 25, decision 0053): the service built once (`app.video`; the chat's
 * socket relays the signalling and calls it), the TURN credentials and consent routes.
 */
export default fp(
  async (app) => {
    const service = videoService({ repo: videoRepository(app.db), config: app.config.video, now: app.now });
    app.decorate('video', service);
    await app.register(videoRoutes);
  },
  { name: 'video', dependencies: ['config', 'db', 'sessions', 'two-factor', 'audit'] },
);
