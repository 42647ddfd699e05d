import { useSyncExternalStore } from 'react';

// Whether something is shown over the page: a pop-up (a native <dialog> shown modally: login,
// registration, alerts, every Modal) or another selector's element. The phone menu closes and the
// floating widgets step aside while one is (issue 23).

const subscribe = (onChange: () => void) => {
  // Dialogs mount, unmount and toggle `open`; the check is one selector, cheap on every change.
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
  return () => observer.disconnect();
};

/** True while an element matching `selector` is in the page (by default: an open pop-up). */
export const useSelectorPresent = (selector: string) =>
  useSyncExternalStore(subscribe, () => document.querySelector(selector) !== null, () => false);

export const OPEN_DIALOG = 'dialog[open]';

/** True while a pop-up is open anywhere on the page. */
export const useDialogOpen = () => useSelectorPresent(OPEN_DIALOG);
