import fp from 'fastify-plugin';
import { newsRepository } from './news.repository.js';
import { newsService } from './news.service.js';
import newsRoutes from './news.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** News and blog (modules/news). */
    news: ReturnType<typeof newsService>;
  }
}

/** News and blog: the service built once (`app.news`) and its routes. */
export default fp(
  async (app) => {
    app.decorate('news', newsService({ repo: newsRepository(app.db), media: app.media, now: app.now }));
    await app.register(newsRoutes);
  },
  { name: 'news', dependencies: ['config', 'db', 'media', 'sessions', 'two-factor', 'audit'] },
);
