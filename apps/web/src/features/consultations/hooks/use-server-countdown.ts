import { useNow } from '../../../lib/timers.js';

/**
 * Seconds left of a chat, counted down from the server's figure: `serverSeconds` is the server's
 * remaining time when its answer arrived (`receivedAt`); between answers the page only subtracts
 * the time elapsed since, against the clock (a sleeping tab stays right, the device's wrong date
 * does not matter). `counting` is false before the chat's hour starts: the whole hour, standing still.
 */
export function useServerCountdown(serverSeconds: number, receivedAt: number, counting: boolean) {
  const now = useNow(1000);
  if (!counting) return serverSeconds;
  return Math.max(0, serverSeconds - Math.max(0, Math.floor((now - receivedAt) / 1000)));
}
