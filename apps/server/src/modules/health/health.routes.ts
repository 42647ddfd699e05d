import type { FastifyInstance } from 'fastify';

/** Liveness and readiness for a load balancer or an orchestrator. */
export default async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', { config: { access: 'anonymous' } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { access: 'anonymous' } }, async (_request, reply) => {
    try {
      await app.database.ping();
      // With REDIS_URL, an instance cut off from Redis would miss chats and revocations of the others.
      await app.redis?.ping();
      return { status: 'ready' };
    } catch (err) {
      app.log.error({ err }, 'database or redis not ready');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
