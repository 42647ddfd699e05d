import { useSyncExternalStore } from 'react';
import { SESSION_KEYS, sessionStore } from '../../lib/storage-keys.js';

/**
 * The one queue of alerts of the app (the specification shows its messages "as alerts").
 * An in-page alert dialog instead of window.alert: it does not freeze timers, it can be styled
 * and read by screen readers, and tests drive it with a fake clock (docs/decisions).
 */
export interface AlertItem {
  id: number;
  message: string;
}

let queue: (AlertItem & { resolve: () => void })[] = [];
let nextId = 1;
const subscribers = new Set<() => void>();
const emit = () => {
  for (const fn of subscribers) fn();
};

/** Shows `message`; resolves when the person presses 'Aceptar'. The same message is never queued twice. */
export function showAlert(message: string): Promise<void> {
  const queued = queue.find((a) => a.message === message);
  if (queued) {
    return new Promise((resolve) => {
      const previous = queued.resolve;
      queued.resolve = () => {
        previous();
        resolve();
      };
    });
  }
  return new Promise((resolve) => {
    queue = [...queue, { id: nextId++, message, resolve }];
    emit();
  });
}

/** Closes the alert `id` and resolves whoever waits for it. */
export function acceptAlert(id: number) {
  const item = queue.find((a) => a.id === id);
  if (!item) return;
  queue = queue.filter((a) => a.id !== id);
  emit();
  item.resolve();
}

/** The alert on screen, if any. */
export function useCurrentAlert(): AlertItem | undefined {
  return useSyncExternalStore(
    (fn) => {
      subscribers.add(fn);
      return () => subscribers.delete(fn);
    },
    () => queue[0],
  );
}

/** Keeps `message` to be shown after the next full page load (used before `location.assign`). */
export function showAlertAfterReload(message: string) {
  sessionStore.set(SESSION_KEYS.pendingAlert, message);
}

/** Shows the alert kept by showAlertAfterReload, once. */
export function restoreAlertAfterReload() {
  const message = sessionStore.get(SESSION_KEYS.pendingAlert);
  if (message) {
    sessionStore.remove(SESSION_KEYS.pendingAlert);
    void showAlert(message);
  }
}
