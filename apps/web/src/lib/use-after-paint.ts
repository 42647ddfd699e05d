import { useEffect, useState } from 'react';
import { afterPaint } from './idle.js';

/**
 * False on the first render, true once that render is painted. What renders behind it (and the
 * chunks it loads) does not delay the page's first paint: Lighthouse counts every request started
 * before the largest paint against it, and a phone on a mobile network pays for each.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterPaint(() => setPainted(true)), []);
  return painted;
}
