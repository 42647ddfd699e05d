import { useSyncExternalStore } from 'react';

/** Below this width the chat pages show one pane at a time (tabs); above it, two columns. */
const PHONE_QUERY = '(max-width: 899.98px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** True on a narrow screen (the same breakpoint as chat.css). */
export function usePhoneLayout() {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}
