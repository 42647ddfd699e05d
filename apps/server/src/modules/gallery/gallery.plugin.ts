import fp from 'fastify-plugin';
import { galleryRepository } from './gallery.repository.js';
import { galleryService } from './gallery.service.js';
import galleryRoutes from './gallery.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The gallery (modules/gallery). */
    gallery: ReturnType<typeof galleryService>;
  }
}

/** The gallery: the service built once (`app.gallery`) and its routes. */
export default fp(
  async (app) => {
    app.decorate('gallery', galleryService({ repo: galleryRepository(app.db), media: app.media, now: app.now }));
    await app.register(galleryRoutes);
  },
  { name: 'gallery', dependencies: ['config', 'db', 'media', 'sessions', 'two-factor', 'audit'] },
);
