import { useState } from 'react';
import type { Role } from '@clinica/shared';
import { Button } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';
import { signOut, signOutEverywhere } from '../sign-out.js';

/** 'Cerrar sesión' of one role. */
export function LogoutButton({ role, className }: { role: Role; className?: string }) {
  const { t } = useTranslation('auth');
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="ghost"
      className={className}
      busy={busy}
      onClick={() => {
        setBusy(true);
        void signOut(role, 'manual').finally(() => setBusy(false));
      }}
    >
      {t('logout.button')}
    </Button>
  );
}

/** The administrator's 'Logout All'. */
export function LogoutAllButton({ className }: { className?: string }) {
  const { t } = useTranslation('auth');
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="ghost"
      className={className}
      busy={busy}
      title={t('logout.allTitle')}
      onClick={() => {
        setBusy(true);
        void signOutEverywhere().finally(() => setBusy(false));
      }}
    >
      {t('logout.allButton')}
    </Button>
  );
}
