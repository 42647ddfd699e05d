/**
 * When the person last did something (mouse move, click, key press, scroll, touch). The session
 * countdown, the idle logout and the session polls' `activo` flag all read this one clock, so
 * they always agree.
 */
const EVENTS = ['mousemove', 'mousedown', 'click', 'keydown', 'scroll', 'wheel', 'touchstart'] as const;

let lastActivityAt = Date.now();
const lastReadAt = new Map<string, number>();
let started = false;

const mark = () => {
  lastActivityAt = Date.now();
};

/**
 * Activity the page knows of without an input event: a person in a video call is there, talking,
 * though they touch nothing (the call page marks it every minute; decision 0053).
 */
export const markActivity = mark;

/** Starts listening once for the whole page (capture phase, so scrolls of inner panes count). */
export function startActivityTracking() {
  if (started) return;
  started = true;
  lastActivityAt = Date.now();
  for (const type of EVENTS) document.addEventListener(type, mark, { capture: true, passive: true });
}

/** Time of the last activity, in epoch milliseconds. */
export const lastActivity = () => lastActivityAt;

/**
 * True when there was activity since the previous call with the same key: each session poll
 * asks once, and only then does the server restart its idle clock.
 */
export function activitySince(key: string): boolean {
  const previous = lastReadAt.get(key);
  lastReadAt.set(key, Date.now());
  return previous === undefined || lastActivityAt > previous;
}

