import fp from 'fastify-plugin';
import { suggestionsRepository } from './suggestions.repository.js';
import suggestionsRoutes from './suggestions.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Patients' suggestions (modules/suggestions). */
    suggestions: ReturnType<typeof suggestionsRepository>;
  }
}

/** The suggestions module: its repository built once (`app.suggestions`) and its routes. */
export default fp(
  async (app) => {
    app.decorate('suggestions', suggestionsRepository(app.db));
    await app.register(suggestionsRoutes);
  },
  { name: 'suggestions', dependencies: ['db', 'sessions', 'two-factor', 'audit'] },
);
