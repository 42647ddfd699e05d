import { useState } from 'react';
import type { Role } from '@clinica/shared';
import { Button } from '../../../components/ui/button.js';
import { signOut, signOutEverywhere } from '../sign-out.js';

/** 'Cerrar sesión' of one role. */
export function LogoutButton({ role, className }: { role: Role; className?: string }) {
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
      Cerrar sesión
    </Button>
  );
}

/** The administrator's 'Logout All'. */
export function LogoutAllButton({ className }: { className?: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="ghost"
      className={className}
      busy={busy}
      title="Cierra todas las sesiones de las cuentas abiertas en este navegador, en todos los dispositivos"
      onClick={() => {
        setBusy(true);
        void signOutEverywhere().finally(() => setBusy(false));
      }}
    >
      Logout All
    </Button>
  );
}
