import { useState } from 'react';
import { lastActivity } from './activity.js';
import { useInterval } from './timers.js';

export interface IdleClock {
  /** Milliseconds since the person last moved, clicked, typed or scrolled. */
  idleMs: number;
  /** When that was (epoch ms): a new value means a new stretch of activity. */
  lastActivityAt: number;
}

const read = (): IdleClock => {
  const at = lastActivity();
  return { idleMs: Math.max(0, Date.now() - at), lastActivityAt: at };
};

/** The idle time, checked against the clock every `tickMs` (so a sleeping tab catches up at once). */
export function useIdleClock(tickMs = 1000): IdleClock {
  const [clock, setClock] = useState(read);
  useInterval(() => setClock(read()), tickMs);
  return clock;
}
