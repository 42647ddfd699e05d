import { useCallback, useEffect, useRef } from 'react';

/** Below this visual height (an open keyboard on a phone) the site's header gives its room to the chat. */
const SHORT_SCREEN_PX = 560;

/**
 * Sizes an element to fill the screen from its top to the bottom of the *visual* viewport, so a
 * chat's message box stays docked above the on-screen keyboard: browsers that shrink only the
 * visual viewport when the keyboard opens (Safari, Chrome's default `resizes-visual`) leave
 * `100vh`/`100dvh` unchanged, and the VisualViewport API is the one size that follows the keyboard.
 * Writes `--chat-fill-height` on the element; the CSS falls back to `100dvh` without it.
 */
export function useFillScreen<T extends HTMLElement>() {
  const node = useRef<T | null>(null);
  const frame = useRef(0);

  const short = useRef(false);

  const measure = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      const el = node.current;
      if (!el) return;
      const viewport = window.visualViewport;
      const height = viewport ? viewport.height : window.innerHeight;
      // The element's top in the document: what sits above it (header, banners) stays reachable by scrolling.
      const top = el.getBoundingClientRect().top + window.scrollY;
      // A short screen (the keyboard is open, or a phone held sideways): the conversation takes all
      // of it and the site's header scrolls away; back to normal, the header comes back.
      const isShort = height < SHORT_SCREEN_PX;
      const value = `${Math.max(0, Math.floor(isShort ? height : height - top))}px`;
      if (el.style.getPropertyValue('--chat-fill-height') !== value) el.style.setProperty('--chat-fill-height', value);
      if (isShort !== short.current) {
        short.current = isShort;
        window.scrollTo({ top: isShort ? top : 0, behavior: 'instant' });
      }
    });
  }, []);

  useEffect(() => {
    const viewport = window.visualViewport;
    viewport?.addEventListener('resize', measure);
    window.addEventListener('resize', measure);
    // Banners appearing above the chat after the first paint (e-mail, cookies) move its top.
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    measure();
    return () => {
      viewport?.removeEventListener('resize', measure);
      window.removeEventListener('resize', measure);
      observer.disconnect();
      cancelAnimationFrame(frame.current);
    };
  }, [measure]);

  return useCallback(
    (el: T | null) => {
      node.current = el;
      if (el) measure();
    },
    [measure],
  );
}
