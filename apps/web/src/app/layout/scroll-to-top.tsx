import { useLayoutEffect } from 'react';
import { NavigationType, useLocation, useNavigationType } from '../../lib/router.js';

/** A new page starts at the top (back and forward keep the browser's position); a #hash scrolls to its target. */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType === NavigationType.Pop) return;
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash, navigationType]);
  return null;
}
