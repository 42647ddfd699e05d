import { describe, expect, it } from 'vitest';
import { DB_POOL_DEFAULTS, parseConfig } from './config.js';

describe('configuration of several instances', () => {
  it('trusts cached sessions without limit on PGlite, 15 s as soon as another instance may share them', () => {
    expect(parseConfig({}).sessionCacheTtlMs).toBeUndefined();
    expect(parseConfig({ DATABASE_URL: 'postgres://u@127.0.0.1/db' }).sessionCacheTtlMs).toBe(15_000);
    expect(parseConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).sessionCacheTtlMs).toBe(15_000);
    expect(parseConfig({ REDIS_URL: 'redis://127.0.0.1:6379', SESSION_CACHE_TTL_SECONDS: '3' }).sessionCacheTtlMs).toBe(3_000);
  });

  it('reads the pool limits, the store and Redis, and refuses what is not one of them', () => {
    expect(parseConfig({}).dbPool).toEqual(DB_POOL_DEFAULTS);
    expect(parseConfig({ DB_POOL_MAX: '25', DB_STATEMENT_TIMEOUT_MS: '5000' }).dbPool).toMatchObject({ max: 25, statementTimeoutMs: 5000 });
    expect(parseConfig({}).storageDriver).toBe('local');
    expect(parseConfig({ STORAGE_DRIVER: 'postgres' }).storageDriver).toBe('postgres');
    expect(() => parseConfig({ STORAGE_DRIVER: 's3' })).toThrow(/STORAGE_DRIVER/);
    expect(() => parseConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL debe empezar por redis:\/\/ o rediss:\/\//);
    expect(() => parseConfig({ DB_POOL_MAX: '0' })).toThrow(/DB_POOL_MAX/);
  });
});
