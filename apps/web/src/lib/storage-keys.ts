/**
 * Every key the web app keeps in the browser, in one place (docs/spec/patient-and-public.md, section 3:
 * "Session storage and local storage").
 */
export const SESSION_KEYS = {
  /** The intro loader was shown in this browser session. */
  introShown: 'clinica.introShown',
  /** The site was already loaded in this browser session: the footer appears at once. */
  siteLoaded: 'clinica.siteLoaded',
  /** An alert to show after a full page load (logout, idle expiry). */
  pendingAlert: 'clinica.pendingAlert',
} as const;

export const LOCAL_KEYS = {
  /** Chat countdown in seconds (the specification's own key name). */
  timeLeft: 'timeLeft',
  /** The interface language the visitor chose (or the one detected on the first visit): es, en, fr, de, it, zh-TW, zh-CN. */
  language: 'clinica.language',
  /**
   * Chat messages not yet acknowledged by the server, one key per role and consultation:
   * `clinica.chatOutbox.<role>.<consultation token>` (issue 20, decision 0033). They hold health
   * text: removed at sign-out and whenever the role is found signed out (`clearChatOutboxes`).
   */
  chatOutboxPrefix: 'clinica.chatOutbox.',
  /** The floating widgets' first-use hint was dismissed ('1'). */
  widgetsHintSeen: 'clinica.widgetsHintSeen',
} as const;

export const COOKIE_KEYS = {
  /** Cookie consent, kept for TIMERS.cookieConsentDays. */
  consent: 'cookieConsent',
} as const;

// Storage can be unavailable (private modes, blocked cookies): the site must still work.
const safe = <T>(fn: () => T, fallback: T): T => {
  try {
    return fn();
  } catch {
    return fallback;
  }
};

export const sessionStore = {
  get: (key: string) => safe(() => window.sessionStorage.getItem(key), null),
  set: (key: string, value: string) => safe(() => window.sessionStorage.setItem(key, value), undefined),
  remove: (key: string) => safe(() => window.sessionStorage.removeItem(key), undefined),
};

export const localStore = {
  get: (key: string) => safe(() => window.localStorage.getItem(key), null),
  set: (key: string, value: string) => safe(() => window.localStorage.setItem(key, value), undefined),
  remove: (key: string) => safe(() => window.localStorage.removeItem(key), undefined),
};

export function readCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return null;
}

export function writeCookie(name: string, value: string, days: number) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Max-Age=${days * 86_400}; Path=/; SameSite=Lax${secure}`;
}

/**
 * Removes the unsent chat messages kept for a role (or for every role): at sign-out, and when a
 * session check finds the role signed out, so that health text never outlives the session on a
 * shared phone (decision 0033).
 */
export function clearChatOutboxes(role?: string) {
  safe(() => {
    const prefix = `${LOCAL_KEYS.chatOutboxPrefix}${role === undefined ? '' : `${role}.`}`;
    const doomed: string[] = [];
    for (let i = 0; i < window.localStorage.length; i += 1) {
      const key = window.localStorage.key(i);
      if (key?.startsWith(prefix)) doomed.push(key);
    }
    for (const key of doomed) window.localStorage.removeItem(key);
  }, undefined);
}
