import fp from 'fastify-plugin';
import { passkeysRepository } from './passkeys.repository.js';
import { passkeysService, type PasskeysService } from './passkeys.service.js';
import passkeysRoutes from './passkeys.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Staff passkeys: WebAuthn ceremonies (modules/passkeys). */
    passkeys: PasskeysService;
  }
}

/** Staff passkeys (decision 0026): the service built once (`app.passkeys`) and its routes. */
export default fp(
  async (app) => {
    app.decorate('passkeys', passkeysService({ repo: passkeysRepository(app.db), rpName: app.config.clinic.name, now: app.now }));
    await app.register(passkeysRoutes);
  },
  { name: 'passkeys', dependencies: ['config', 'db', 'redis', 'sessions', 'two-factor', 'audit'] },
);
