import { useSyncExternalStore } from 'react';

// Whether the person uses a touch screen: a coarse pointer (a finger) or touch points. The words
// the page shows follow it ("toque la pantalla" rather than "mueva el ratón", issue 23).
const COARSE = '(any-pointer: coarse)';

export const isTouchScreen = () => window.matchMedia(COARSE).matches || navigator.maxTouchPoints > 0;

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(COARSE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** True on a touch screen; follows a change of the pointer (a tablet's keyboard attached). */
export const useTouchScreen = () => useSyncExternalStore(subscribe, isTouchScreen, () => false);
