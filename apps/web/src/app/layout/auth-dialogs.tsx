import { lazy, Suspense } from 'react';
import { preloadNamespaces } from '../../lib/i18n.js';

// The pop-ups load on first use, so public pages do not carry the forms and their validation; their
// texts and the message catalogue (which a public page does not load) come in parallel with them.
const withTexts = <M,>(load: () => Promise<M>) =>
  Promise.all([load(), preloadNamespaces(['messages', 'auth'])]).then(([m]) => m);
const LoginDialog = lazy(async () => ({
  default: (await withTexts(() => import('../../features/auth/components/login-dialog.js'))).LoginDialog,
}));
const RegistrationDialog = lazy(async () => ({
  default: (await withTexts(() => import('../../features/auth/components/registration-dialog.js'))).RegistrationDialog,
}));

export type AuthDialog = 'login' | 'register' | null;

interface AuthDialogsProps {
  open: AuthDialog;
  onClose: () => void;
  onOpen: (dialog: 'login' | 'register') => void;
  onRegistered: (email: string) => void;
  /** The address the login pop-up starts with (the one just registered). */
  loginEmail?: string;
}

/** The patient login and registration pop-ups, opened from the header or by /Login and /Registro. */
export function AuthDialogs({ open, onClose, onOpen, onRegistered, loginEmail }: AuthDialogsProps) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      {open === 'login' ? (
        <LoginDialog onClose={onClose} onOpenRegistration={() => onOpen('register')} email={loginEmail} />
      ) : (
        <RegistrationDialog onClose={onClose} onRegistered={onRegistered} />
      )}
    </Suspense>
  );
}
