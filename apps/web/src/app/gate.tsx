import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { messages, type PageRoute, type Role } from '@clinica/shared';
import { showAlert } from '../components/ui/alert-store.js';
import { useSession } from '../features/auth/api/get-session.js';
import { ROLE_HOME } from '../features/auth/sign-out.js';

/**
 * A protected page renders nothing until its role's session check succeeds. Without the session
 * it goes to the route's redirect and shows the route's alert there (PAGE_ROUTES: deniedMessage,
 * deniedRedirect). A failing check is only logged, as in the specification. The server enforces
 * the same rule on every call: this gate is a convenience.
 */
export function Gate({ route, children }: { route: PageRoute; children: ReactNode }) {
  const role = route.access as Role;
  const session = useSession(role);
  const navigate = useNavigate();
  const denied = session.data?.loggedIn === false;
  const failed = session.isError;

  useEffect(() => {
    if (!denied) return;
    void navigate(route.deniedRedirect ?? ROLE_HOME[role], { replace: true });
    void showAlert(messages[route.deniedMessage ?? 'loginRequiredConsultations']);
  }, [denied, navigate, role, route.deniedMessage, route.deniedRedirect]);

  useEffect(() => {
    if (failed) console.error('No se pudo comprobar la sesión', session.error);
  }, [failed, session.error]);

  return session.data?.loggedIn === true ? children : null;
}
