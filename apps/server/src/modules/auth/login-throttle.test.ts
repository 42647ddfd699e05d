import { describe, expect, it } from 'vitest';
import { redisThrottle } from './login-throttle.js';

describe('redisThrottle when Redis fails', () => {
  it('keeps counting in this instance\'s memory (neither refusing nor waving through every sign-in) and reports the error', async () => {
    const errors: unknown[] = [];
    const broken = {
      eval: () => Promise.reject(new Error('redis down')),
      del: () => Promise.reject(new Error('redis down')),
    };
    let now = 0;
    const t = redisThrottle(broken, { name: 'x', max: 2, windowMs: 1_000, now: () => now, onError: (e) => errors.push(e) });
    expect(await t.isBlocked(['e:a'])).toBe(false);
    await t.recordFailure(['e:a']);
    expect(await t.isBlocked(['e:a'])).toBe(false);
    await t.recordFailure(['e:a']);
    expect(await t.isBlocked(['e:a'])).toBe(true);
    expect(await t.isBlocked(['e:b'])).toBe(false);
    now = 1_001;
    expect(await t.isBlocked(['e:a'])).toBe(false);
    expect(errors.length).toBeGreaterThan(0);
  });
});
