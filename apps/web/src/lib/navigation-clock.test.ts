import { describe, expect, it } from 'vitest';
import { TIMERS } from '@clinica/shared';
import { untilSinceNavigation } from './navigation-clock.js';

describe('the intro loader counts from the navigation start', () => {
  it('an app whose script started 4 s after the navigation fades 2 s later and is gone 5 s later', () => {
    expect(untilSinceNavigation(TIMERS.introFadeMs, 4000)).toBe(2000);
    expect(untilSinceNavigation(TIMERS.introEndMs, 4000)).toBe(5000);
  });
  it('a script that started after 9 s shows no loader time left (never a negative delay)', () => {
    expect(untilSinceNavigation(TIMERS.introFadeMs, 9500)).toBe(0);
    expect(untilSinceNavigation(TIMERS.introEndMs, 9500)).toBe(0);
  });
  it('reads the page clock by default', () => {
    const left = untilSinceNavigation(TIMERS.introEndMs);
    expect(left).toBeLessThanOrEqual(TIMERS.introEndMs - Math.floor(performance.now()) + 1);
  });
});
