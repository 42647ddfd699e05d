import fp from 'fastify-plugin';
import { mediaService, type MediaService } from './media.service.js';
import mediaRoutes from './media.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Public images of news, blog, gallery and sponsors. */
    media: MediaService;
  }
}

/** Public images: the `media` service the publishing modules store pictures with (built once), and the route that serves them. */
export default fp(
  async (app) => {
    app.decorate('media', mediaService({ db: app.db, storage: app.storage }));
    await app.register(mediaRoutes);
  },
  { name: 'media', dependencies: ['config', 'db', 'storage', 'sessions'] },
);
