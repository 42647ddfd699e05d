import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';

/** How far a finger must travel sideways (px) for a swipe to change the slide. */
export const SWIPE_THRESHOLD_PX = 50;

/** The next index, wrapping around at both ends (docs/spec/patient-and-public.md: "wrap around at both ends"). */
export const wrapIndex = (index: number, count: number) => (count === 0 ? 0 : ((index % count) + count) % count);

/**
 * State and handlers of a carousel: previous and next wrap around, arrow keys (and Home/End) move
 * when it has the focus, and a horizontal swipe (pointer events: touch, pen or mouse drag) moves
 * one slide. `dragOffset` follows the finger while it is down.
 */
export function useCarousel(count: number) {
  const [rawIndex, setIndex] = useState(0);
  const [dragOffset, setDragOffset] = useState(0);
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  const index = wrapIndex(rawIndex, count);

  const go = (to: number) => setIndex(wrapIndex(to, count));
  const previous = () => go(index - 1);
  const next = () => go(index + 1);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const moves: Record<string, (() => void) | undefined> = {
      ArrowLeft: previous,
      ArrowRight: next,
      Home: () => go(0),
      End: () => go(count - 1),
    };
    const move = moves[e.key];
    if (!move || count < 2) return;
    e.preventDefault();
    move();
  };

  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    if (count < 2 || (e.pointerType === 'mouse' && e.button !== 0)) return;
    start.current = { id: e.pointerId, x: e.clientX, y: e.clientY };
    try {
      e.currentTarget.setPointerCapture(e.pointerId);
    } catch {
      // A synthetic pointer cannot be captured; the swipe still works while it stays inside.
    }
  };

  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    const s = start.current;
    if (!s || s.id !== e.pointerId) return;
    const dx = e.clientX - s.x;
    if (Math.abs(dx) > Math.abs(e.clientY - s.y)) setDragOffset(dx);
  };

  const finish = (e: PointerEvent<HTMLElement>, cancelled: boolean) => {
    const s = start.current;
    if (!s || s.id !== e.pointerId) return;
    start.current = null;
    setDragOffset(0);
    const dx = e.clientX - s.x;
    const dy = e.clientY - s.y;
    if (cancelled || Math.abs(dx) < SWIPE_THRESHOLD_PX || Math.abs(dx) < Math.abs(dy)) return;
    // A swipe to the left brings the next slide, as on a phone.
    if (dx < 0) next();
    else previous();
  };

  return {
    index,
    dragOffset,
    previous,
    next,
    go,
    handlers: {
      onKeyDown,
      onPointerDown,
      onPointerMove,
      onPointerUp: (e: PointerEvent<HTMLElement>) => finish(e, false),
      onPointerCancel: (e: PointerEvent<HTMLElement>) => finish(e, true),
    },
  };
}
