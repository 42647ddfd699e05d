/**
 * Work that can wait for the page: prefetches and decorations start once the browser has painted
 * and its main thread is free, so they do not compete with the first paint for the network or the CPU.
 * Each function returns its cancel.
 */

/** `fn` once the current frame is painted: the next animation frame comes before that paint, a task queued from it after. */
export function afterPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(fn, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * `fn` after the next paint, once the main thread is idle (at the latest `timeoutMs` later). Safari
 * has no requestIdleCallback: a short timeout stands in for it there.
 */
export function whenIdle(fn: () => void, timeoutMs = 2000): () => void {
  let cancelIdle: (() => void) | undefined;
  const cancelPaint = afterPaint(() => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(fn, { timeout: timeoutMs });
      cancelIdle = () => cancelIdleCallback(handle);
    } else {
      const timer = setTimeout(fn, 200);
      cancelIdle = () => clearTimeout(timer);
    }
  });
  return () => {
    cancelPaint();
    cancelIdle?.();
  };
}
