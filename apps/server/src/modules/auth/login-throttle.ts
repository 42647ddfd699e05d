/**
 * Counts failed logins per key (e-mail, and client address) in fixed windows. A blocked key gets
 * the same answer whether the e-mail exists or not, so the throttle reveals no account.
 * In-process by default; several instances share it through the same interface on Redis.
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
