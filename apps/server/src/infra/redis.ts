import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** The command connection to Redis when REDIS_URL is set; undefined on one instance without Redis. */
    redis: Redis | undefined;
  }
}

/** REDIS_URL without its password, for messages and logs. */
export function redactRedisUrl(url: string) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'redis://?';
  }
}

/**
 * Opens a Redis connection and waits until it answers; throws a clear error otherwise (an
 * instance that cannot reach the Redis the others use must not start alone).
 */
export async function connectRedis(url: string, opts: { connectTimeoutMs?: number } = {}): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: opts.connectTimeoutMs ?? 5_000,
    // A command waits through at most two reconnection attempts, then fails (the callers fall back).
    maxRetriesPerRequest: 2,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // Errors after start-up are reconnected by ioredis; without a listener they would crash the process.
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    redis.disconnect();
    throw new Error(`No se pudo conectar a Redis (REDIS_URL=${redactRedisUrl(url)}): ${(err as Error).message}`);
  }
  return redis;
}

/** Closes a connection: QUIT when connected, at once otherwise (a QUIT would wait for Redis to come back). */
export async function closeRedis(redis: Redis) {
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}

/**
 * The one Redis connection of the app (`app.redis`), when REDIS_URL is set: the realtime plugin
 * publishes on it (and subscribes on a duplicate), the login throttles count on it.
 */
export default fp(
  async (app) => {
    const url = app.config.redisUrl;
    const redis = url ? await connectRedis(url) : undefined;
    if (redis) {
      redis.on('error', (err: Error) => app.log.warn({ err }, 'redis connection error'));
      app.addHook('onClose', async () => closeRedis(redis));
    }
    app.decorate('redis', redis);
  },
  { name: 'redis', dependencies: ['config'] },
);
