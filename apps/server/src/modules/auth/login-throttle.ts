import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * Counts failed logins per key (e-mail, and client address) in fixed windows. A blocked key gets
 * the same answer whether the e-mail exists or not, so the throttle reveals no account.
 * In-process by default; several instances share it through `sharedThrottle` (Redis when configured).
 */
export interface LoginThrottle {
  isBlocked(keys: string[]): boolean;
  recordFailure(keys: string[]): void;
  reset(key: string): void;
}

/** A throttle kept in this process's memory. */
export function memoryThrottle(opts: { max: number; windowMs: number; now: () => number }): LoginThrottle {
  const counts = new Map<string, { n: number; until: number }>();
  const current = (key: string) => {
    const c = counts.get(key);
    if (c && c.until <= opts.now()) {
      counts.delete(key);
      return undefined;
    }
    return c;
  };
  return {
    isBlocked: (keys) => keys.some((k) => (current(k)?.n ?? 0) >= opts.max),
    recordFailure(keys) {
      for (const k of keys) {
        const c = current(k);
        if (c) c.n += 1;
        else counts.set(k, { n: 1, until: opts.now() + opts.windowMs });
      }
      // Bound the memory an attacker can make us hold.
      if (counts.size > 100_000) counts.clear();
    },
    reset: (key) => void counts.delete(key),
  };
}

/**
 * The same counting behind promises, so that several instances can share it: on Redis when
 * REDIS_URL is set (`sharedThrottle`), in this process's memory otherwise.
 */
export interface SharedThrottle {
  isBlocked(keys: string[]): Promise<boolean>;
  recordFailure(keys: string[]): Promise<void>;
  reset(key: string): Promise<void>;
}

// A window is counted exactly as in memory: it starts at the first failure, measured by the app's
// clock (the tests move it), and Redis drops the key when the window is over (PEXPIRE).
const FAIL_SCRIPT = `
for _, k in ipairs(KEYS) do
  local u = tonumber(redis.call('HGET', k, 'u'))
  if (not u) or u <= tonumber(ARGV[1]) then
    redis.call('HSET', k, 'n', 1, 'u', ARGV[3])
    redis.call('PEXPIRE', k, ARGV[2])
  else
    redis.call('HINCRBY', k, 'n', 1)
  end
end
return 1`;
const BLOCKED_SCRIPT = `
for _, k in ipairs(KEYS) do
  local v = redis.call('HMGET', k, 'n', 'u')
  if v[1] and v[2] and tonumber(v[2]) > tonumber(ARGV[1]) and tonumber(v[1]) >= tonumber(ARGV[2]) then return 1 end
end
return 0`;

/** The subset of an ioredis connection the throttle uses. */
interface RedisLike {
  eval(script: string, numKeys: number, ...args: (string | number)[]): Promise<unknown>;
  del(...keys: string[]): Promise<number>;
}

/**
 * A throttle counted in Redis (each call one atomic Lua script), shared by every instance. Keys
 * are stored as SHA-256 (no e-mail address in Redis). Should Redis fail, this instance counts in
 * its own memory meanwhile rather than refusing or waving through every sign-in.
 */
export function redisThrottle(
  redis: RedisLike,
  opts: { name: string; max: number; windowMs: number; now: () => number; onError?: (err: unknown) => void },
): SharedThrottle {
  const fallback = memoryThrottle(opts);
  const redisKey = (k: string) => `throttle:${opts.name}:${crypto.hash('sha256', k, 'base64url')}`;
  const guarded = async <T>(run: () => Promise<T>, local: () => T): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      opts.onError?.(err);
      return local();
    }
  };
  return {
    isBlocked: (keys) =>
      guarded(
        async () => (await redis.eval(BLOCKED_SCRIPT, keys.length, ...keys.map(redisKey), opts.now(), opts.max)) === 1,
        () => fallback.isBlocked(keys),
      ),
    recordFailure: (keys) =>
      guarded(
        async () => {
          const now = opts.now();
          await redis.eval(FAIL_SCRIPT, keys.length, ...keys.map(redisKey), now, opts.windowMs, now + opts.windowMs);
        },
        () => fallback.recordFailure(keys),
      ),
    reset: (key) =>
      guarded(
        async () => {
          fallback.reset(key);
          await redis.del(redisKey(key));
        },
        () => fallback.reset(key),
      ),
  };
}

/** An in-memory throttle behind the SharedThrottle interface (one instance, no Redis). */
export function localThrottle(opts: { max: number; windowMs: number; now: () => number }): SharedThrottle {
  const t = memoryThrottle(opts);
  return {
    isBlocked: (keys) => Promise.resolve(t.isBlocked(keys)),
    recordFailure: (keys) => Promise.resolve(t.recordFailure(keys)),
    reset: (key) => Promise.resolve(t.reset(key)),
  };
}

/**
 * The throttle every sign-in limit should use: on `app.redis` when REDIS_URL is set (shared by
 * the instances), otherwise in memory. `name` separates the counters of different limits.
 */
export function sharedThrottle(app: FastifyInstance, opts: { name: string; max: number; windowMs: number }): SharedThrottle {
  const redis = app.redis;
  if (!redis) return localThrottle({ ...opts, now: app.now });
  return redisThrottle(redis, {
    ...opts,
    now: app.now,
    onError: (err) => app.log.warn({ err, throttle: opts.name }, 'throttle on Redis failed; counting in memory'),
  });
}
