import type { FastifyInstance } from 'fastify';
import { sha256 } from '../../infra/token.js';

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
 * What both Redis counters share: the key (`throttle:<name>:<sha256 of the key>`, so no e-mail
 * address or IP is written to Redis) and the fallback: should Redis fail, the call is counted in
 * this instance's memory meanwhile (logged through `onError`) rather than refused or waved through.
 */
function redisParts(opts: { name: string; onError?: (err: unknown) => void }) {
  return {
    redisKey: (k: string) => `throttle:${opts.name}:${sha256(k, 'base64url')}`,
    guarded: async <T>(run: () => Promise<T>, local: () => T | Promise<T>): Promise<T> => {
      try {
        return await run();
      } catch (err) {
        opts.onError?.(err);
        return local();
      }
    },
  };
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
  const { redisKey, guarded } = redisParts(opts);
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

/**
 * Wrong passwords of one account (or one device cookie) with growing delays (issue 18): the
 * first `free` failures cost nothing, then each further one locks the key for `firstDelayMs`,
 * doubled at every failure up to `maxDelayMs`; failures are forgotten `memoryMs` after the last
 * one, or when the key signs in. With 5 free, 15 minutes and an hour, a guesser gets 7 tries in
 * the first hour and one an hour after that. A locked key is refused without its password being
 * checked, so a request while locked is not a guess (and is not counted).
 */
export interface BackoffThrottle {
  isBlocked(key: string): Promise<boolean>;
  /** Records a failure; how many the key has now (the lock's start is the `free`-th). */
  recordFailure(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}
export interface BackoffOptions {
  name: string;
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
  memoryMs: number;
  now: () => number;
}

const delayAfter = (n: number, o: Pick<BackoffOptions, 'free' | 'firstDelayMs' | 'maxDelayMs'>) =>
  n < o.free ? 0 : Math.min(o.maxDelayMs, o.firstDelayMs * 2 ** Math.min(30, n - o.free));

/** The backoff kept in this process's memory (one instance, or Redis failing). */
export function memoryBackoff(opts: BackoffOptions): BackoffThrottle {
  const keys = new Map<string, { n: number; until: number; forget: number }>();
  const current = (key: string) => {
    const c = keys.get(key);
    if (c && c.forget <= opts.now()) {
      keys.delete(key);
      return undefined;
    }
    return c;
  };
  return {
    isBlocked: (key) => Promise.resolve((current(key)?.until ?? 0) > opts.now()),
    recordFailure(key) {
      const now = opts.now();
      const n = (current(key)?.n ?? 0) + 1;
      const until = n >= opts.free ? now + delayAfter(n, opts) : 0;
      keys.set(key, { n, until, forget: Math.max(now + opts.memoryMs, until) });
      // Bound the memory an attacker can make us hold.
      if (keys.size > 100_000) keys.clear();
      return Promise.resolve(n);
    },
    reset: (key) => Promise.resolve(void keys.delete(key)),
  };
}

// One atomic script per failure, so two instances never both see the same count (the owner's
// e-mail about an attack goes once). ARGV: now, free, firstDelay, maxDelay, memory.
const BACKOFF_FAIL_SCRIPT = `
local v = redis.call('HMGET', KEYS[1], 'n', 'f')
local now = tonumber(ARGV[1])
local n = tonumber(v[1]) or 0
if v[2] and tonumber(v[2]) <= now then n = 0 end
n = n + 1
local u = 0
if n >= tonumber(ARGV[2]) then
  u = now + math.min(tonumber(ARGV[4]), tonumber(ARGV[3]) * 2 ^ math.min(30, n - tonumber(ARGV[2])))
end
local f = math.max(now + tonumber(ARGV[5]), u)
redis.call('HSET', KEYS[1], 'n', n, 'u', string.format('%d', u), 'f', string.format('%d', f))
redis.call('PEXPIRE', KEYS[1], f - now)
return n`;
const BACKOFF_BLOCKED_SCRIPT = `
local v = redis.call('HMGET', KEYS[1], 'u', 'f')
if v[1] and v[2] and tonumber(v[1]) > tonumber(ARGV[1]) and tonumber(v[2]) > tonumber(ARGV[1]) then return 1 end
return 0`;

/** The backoff counted in Redis, shared by every instance; in memory meanwhile should Redis fail. */
export function redisBackoff(redis: RedisLike, opts: BackoffOptions & { onError?: (err: unknown) => void }): BackoffThrottle {
  const fallback = memoryBackoff(opts);
  const { redisKey, guarded } = redisParts(opts);
  return {
    isBlocked: (key) =>
      guarded(
        async () => (await redis.eval(BACKOFF_BLOCKED_SCRIPT, 1, redisKey(key), opts.now())) === 1,
        () => fallback.isBlocked(key),
      ),
    recordFailure: (key) =>
      guarded(
        async () =>
          Number(
            await redis.eval(BACKOFF_FAIL_SCRIPT, 1, redisKey(key), opts.now(), opts.free, opts.firstDelayMs, opts.maxDelayMs, opts.memoryMs),
          ),
        () => fallback.recordFailure(key),
      ),
    reset: (key) =>
      guarded(
        async () => {
          await fallback.reset(key);
          await redis.del(redisKey(key));
        },
        () => fallback.reset(key),
      ),
  };
}

/** The backoff every per-account sign-in limit uses: on `app.redis` when REDIS_URL is set, else in memory. */
export function sharedBackoff(app: FastifyInstance, opts: Omit<BackoffOptions, 'now'>): BackoffThrottle {
  const redis = app.redis;
  if (!redis) return memoryBackoff({ ...opts, now: app.now });
  return redisBackoff(redis, {
    ...opts,
    now: app.now,
    onError: (err) => app.log.warn({ err, throttle: opts.name }, 'throttle on Redis failed; counting in memory'),
  });
}
