import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { hasRedis, startRedis } from '../../test/redis.js';
import { RedisPubSub } from './redis-pubsub.js';
import { connectRedis } from './redis.js';

const until = async (check: () => boolean, ms = 3_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe.skipIf(!hasRedis)('RedisPubSub on a real redis-server (needs redis-server: skipped when it is not installed)', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  const connections: Redis[] = [];
  const hubs: RedisPubSub[] = [];

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const h of hubs) await h.close();
    for (const c of connections) c.disconnect();
    await redis?.stop();
  });

  async function instance() {
    const connection = await connectRedis(redis.url);
    connections.push(connection);
    const hub = await RedisPubSub.connect(connection);
    hubs.push(hub);
    return hub;
  }

  it('delivers what one instance publishes to the subscribers of every instance, in order, and stops after unsubscribing', async () => {
    const [a, b] = [await instance(), await instance()];
    const onA: string[] = [];
    const onB: string[] = [];
    const onB2: string[] = [];
    await a.subscribe('chat:1', (m) => onA.push(m));
    const stopB = await b.subscribe('chat:1', (m) => onB.push(m));
    await b.subscribe('chat:1', (m) => onB2.push(m));
    await b.subscribe('chat:2', () => {
      throw new Error('a broken listener elsewhere');
    });

    for (let i = 0; i < 20; i++) await a.publish('chat:1', `m${i}`);
    await b.publish('chat:2', 'otro');
    const expected = Array.from({ length: 20 }, (_, i) => `m${i}`);
    await until(() => onA.length === 20 && onB.length === 20 && onB2.length === 20);
    expect(onA).toEqual(expected);
    expect(onB).toEqual(expected);

    await stopB();
    await a.publish('chat:1', 'tarde');
    await until(() => onB2.length === 21 && onA.length === 21);
    expect(onB).toHaveLength(20);
    expect(onB2.at(-1)).toBe('tarde');
  });

  it('a subscription is live when subscribe resolves: nothing published right after is lost', async () => {
    const [a, b] = [await instance(), await instance()];
    for (let i = 0; i < 10; i++) {
      const got: string[] = [];
      // Two listeners at once on a new channel: both must wait for Redis's confirmation.
      await Promise.all([b.subscribe(`c:${i}`, (m) => got.push(m)), b.subscribe(`c:${i}`, (m) => got.push(m))]);
      await a.publish(`c:${i}`, 'x');
      await until(() => got.length === 2);
    }
  });

  it('refuses to start with a clear message when REDIS_URL cannot be reached', async () => {
    const stopped = await startRedis();
    await stopped.stop();
    await expect(connectRedis(`redis://:secreto@127.0.0.1:${stopped.port}`, { connectTimeoutMs: 1_000 })).rejects.toThrow(
      /^No se pudo conectar a Redis \(REDIS_URL=redis:\/\/:\*\*\*@127\.0\.0\.1:\d+\/?\)/,
    );
  });
});
