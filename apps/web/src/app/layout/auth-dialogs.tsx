import { lazy, Suspense } from 'react';

// The pop-ups load on first use, so public pages do not carry the forms and their validation.
const LoginDialog = lazy(async () => ({ default: (await import('../../features/auth/components/login-dialog.js')).LoginDialog }));
const RegistrationDialog = lazy(async () => ({
  default: (await import('../../features/auth/components/registration-dialog.js')).RegistrationDialog,
}));

export type AuthDialog = 'login' | 'register' | null;

interface AuthDialogsProps {
  open: AuthDialog;
  onClose: () => void;
  onOpen: (dialog: 'login' | 'register') => void;
  onRegistered: () => void;
}

/** The patient login and registration pop-ups, opened from the header or by /Login and /Registro. */
export function AuthDialogs({ open, onClose, onOpen, onRegistered }: AuthDialogsProps) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      {open === 'login' ? (
        <LoginDialog onClose={onClose} onOpenRegistration={() => onOpen('register')} />
      ) : (
        <RegistrationDialog onClose={onClose} onRegistered={onRegistered} />
      )}
    </Suspense>
  );
}
