import { useCallback, useState } from 'react';

/**
 * Moves through a keyset-paginated list: the cursor of the page on screen, and the ones before
 * it so 'Anterior' can go back. A new search starts again at the first page.
 */
export function useCursorPages() {
  const [stack, setStack] = useState<(string | undefined)[]>([undefined]);
  const cursor = stack[stack.length - 1];
  const next = useCallback((nextCursor: string | null | undefined) => {
    if (nextCursor) setStack((s) => [...s, nextCursor]);
  }, []);
  const previous = useCallback(() => setStack((s) => (s.length > 1 ? s.slice(0, -1) : s)), []);
  const reset = useCallback(() => setStack([undefined]), []);
  return { cursor, page: stack.length, hasPrevious: stack.length > 1, next, previous, reset };
}

/** The query string of a list page: the search and the cursor, both optional. */
export function listQuery(params: Record<string, string | undefined | null>) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : '';
}
