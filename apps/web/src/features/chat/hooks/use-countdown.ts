import { useCallback, useEffect, useRef, useState } from 'react';
import { TIMERS } from '@clinica/shared';
import { useInterval } from '../../../lib/timers.js';
import { LOCAL_KEYS, localStore } from '../../../lib/storage-keys.js';

/**
 * The chat's countdown. The server keeps the hour; this mirrors it: `sync(seconds)` sets the
 * deadline from the server's remaining time, and every second the seconds left are computed
 * against the clock (not counted, so a sleeping tab or a jumped clock stays right) and stored
 * under the local-storage key 'timeLeft' (the patient's; `store: false` for the doctor's view).
 */
export function useCountdown({ store = true }: { store?: boolean } = {}) {
  const deadline = useRef<number | null>(null);
  const [seconds, setSeconds] = useState<number | null>(null);

  const tick = useCallback(() => {
    if (deadline.current === null) return;
    const left = Math.max(0, Math.ceil((deadline.current - Date.now()) / 1000));
    setSeconds(left);
    if (store) localStore.set(LOCAL_KEYS.timeLeft, String(left));
  }, [store]);

  const sync = useCallback(
    (serverSeconds: number) => {
      deadline.current = Date.now() + serverSeconds * 1000;
      tick();
    },
    [tick],
  );

  /** Resets the stored timer to 3600 for the next consultation (exit, overlay closed); stops counting. */
  const reset = useCallback(() => {
    deadline.current = null;
    localStore.set(LOCAL_KEYS.timeLeft, String(TIMERS.chatSeconds));
  }, []);

  useInterval(tick, 1000);
  useEffect(() => tick(), [tick]);
  return { seconds, sync, reset };
}
