import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { TIMERS, type Role } from '@clinica/shared';
import { signOut } from '../../features/auth/sign-out.js';
import { useFrameMessages, useTranslation } from '../../lib/i18n.js';
import { useIdleClock } from '../../lib/idle-clock.js';
import { useTouchScreen } from '../../lib/touch.js';
import { formatSeconds, useTimeout } from '../../lib/timers.js';

// Loaded only once somebody is signed in (session-watch.tsx), so public first loads do not carry it.

/** Seconds left of the 1800-second session countdown, reset by any activity. */
export const secondsLeft = (idleMs: number) => Math.max(0, TIMERS.sessionCountdownSeconds - Math.floor(idleMs / 1000));

/**
 * One countdown pill at a time (issue 23, item 8): while the floating timer of the first 5 s is on
 * the screen, the header's pill waits; both read the same idle clock.
 */
let floatingOnScreen = false;
const floatingListeners = new Set<() => void>();
const setFloatingOnScreen = (on: boolean) => {
  floatingOnScreen = on;
  floatingListeners.forEach((l) => l());
};
const subscribeFloating = (listener: () => void) => {
  floatingListeners.add(listener);
  return () => floatingListeners.delete(listener);
};

/**
 * While the role is signed in: the floating timer for the first 5 s, the closable warning at
 * 300 s left, and the logout after 30 minutes without activity, on every page of the role's area.
 */
export function SignedInWatch({ role }: { role: Role }) {
  const { t } = useTranslation('frame');
  const messages = useFrameMessages();
  const touch = useTouchScreen();
  const { idleMs, lastActivityAt } = useIdleClock();
  const left = secondsLeft(idleMs);
  const [floating, setFloating] = useState(true);
  // The warning closed by the person stays closed until new activity starts a new countdown.
  const [closedFor, setClosedFor] = useState<number | null>(null);
  const loggingOut = useRef(false);
  useTimeout(() => setFloating(false), TIMERS.floatingTimerVisibleMs);
  useEffect(() => {
    setFloatingOnScreen(floating);
    return () => setFloatingOnScreen(false);
  }, [floating]);

  const expired = idleMs >= TIMERS.idleLogoutMs;
  useEffect(() => {
    if (!expired || loggingOut.current) return;
    loggingOut.current = true;
    void signOut(role, 'idle');
  }, [expired, role]);

  const warning = left <= TIMERS.sessionWarningSeconds && !expired && closedFor !== lastActivityAt;
  return (
    <>
      {floating && (
        <div className="floating-timer" role="timer" aria-label={t('session.floatingLabel')}>
          <span className="floating-timer-label">{t('session.floatingWord')}</span> {formatSeconds(left)}
        </div>
      )}
      {warning && (
        <section className="session-warning" role="alert" aria-labelledby="session-warning-title">
          <h2 id="session-warning-title">{messages.sessionExpiringTitle}</h2>
          <p>{touch ? messages.sessionExpiringBodyTouch : messages.sessionExpiringBody}</p>
          <p className="session-warning-time">
            {t('session.timeLeft')}
            <strong>{formatSeconds(left)}</strong>
          </p>
          <button type="button" className="btn btn-secondary" onClick={() => setClosedFor(lastActivityAt)}>
            {t('session.closeWarning')}
          </button>
        </section>
      )}
    </>
  );
}

/** The countdown shown in the header while signed in. */
export function HeaderCountdown() {
  const { t } = useTranslation('frame');
  const { idleMs } = useIdleClock();
  const left = secondsLeft(idleMs);
  const floating = useSyncExternalStore(subscribeFloating, () => floatingOnScreen);
  if (floating) return null;
  return (
    <span className="header-countdown" role="timer" aria-label={t('session.countdown', { time: formatSeconds(left) })}>
      <span aria-hidden="true">⏱</span> {formatSeconds(left)}
    </span>
  );
}
