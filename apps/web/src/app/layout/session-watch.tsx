import { lazy, Suspense } from 'react';
import type { Role } from '@clinica/shared';
import { useSession } from '../../features/auth/api/get-session.js';
import { useAfterPaint } from '../../lib/use-after-paint.js';

// The countdown, the warning and the idle logout matter only while signed in: they load then.
const SignedInWatch = lazy(async () => ({ default: (await import('./signed-in-widgets.js')).SignedInWatch }));
// The banner asking a patient to verify their address (issue 18): only while a patient is signed in.
const EmailVerificationBanner = lazy(async () => ({
  default: (await import('../../features/email-verification/components/email-verification-banner.js')).EmailVerificationBanner,
}));
// The way back to the patient's open chats (decision 0032): its code and texts load after the
// first paint and only for a signed-in patient, so no public page's first load carries them.
const LazyOpenChatsEntry = lazy(async () => ({
  default: (await import('../../features/consultations/components/open-chats-entry.js')).OpenChatsEntry,
}));
const LazyHeaderCountdown = lazy(async () => ({ default: (await import('./signed-in-widgets.js')).HeaderCountdown }));

/**
 * While the role is signed in: the floating timer for the first 5 s, the closable warning at
 * 300 s left, and the logout after 30 minutes without activity, on every page of the role's area.
 */
export function SessionWatch({ role }: { role: Role }) {
  const session = useSession(role);
  if (session.data?.loggedIn !== true) return null;
  return (
    <Suspense fallback={null}>
      <SignedInWatch role={role} />
    </Suspense>
  );
}

/** The countdown shown in the header while signed in. */
export function HeaderCountdown() {
  return (
    <Suspense fallback={null}>
      <LazyHeaderCountdown />
    </Suspense>
  );
}

/** Above the page while a patient is signed in and has not verified their address (issue 18). */
export function PatientEmailBanner() {
  const session = useSession('patient');
  if (session.data?.loggedIn !== true) return null;
  return (
    <Suspense fallback={null}>
      <EmailVerificationBanner />
    </Suspense>
  );
}

/** The header's entry to the signed-in patient's open chats, with their time left. */
export function PatientChatEntry() {
  const painted = useAfterPaint();
  const session = useSession('patient');
  if (!painted || session.data?.loggedIn !== true) return null;
  return (
    <Suspense fallback={null}>
      <LazyOpenChatsEntry />
    </Suspense>
  );
}
