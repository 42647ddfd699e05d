import { useEffect, type ReactNode } from 'react';
import { useNavigate } from '../lib/router.js';
import { frameMessages, type PageRoute, type Role } from '@clinica/shared';
import { showAlert } from '../components/ui/alert-store.js';
import { useSession } from '../features/auth/api/get-session.js';
import { ROLE_HOME } from '../features/auth/sign-out.js';

/** Where a staff session held to the two-step verification enrolment belongs (decision 0016). */
const SECURITY_PAGE: Partial<Record<Role, string>> = { admin: '/Seguridad_Admin', doctor: '/Seguridad_Doctor' };

/**
 * A protected page renders nothing until its role's session check succeeds. Without the session
 * it goes to the route's redirect and shows the route's alert there (PAGE_ROUTES: deniedMessage,
 * deniedRedirect). A staff session that must first enrol in two-step verification
 * (STAFF_2FA_REQUIRED) goes to its Seguridad page instead of a page whose calls would all be
 * refused. A failing check is only logged, as in the specification. The server enforces the same
 * rules on every call: this gate is a convenience.
 */
export function Gate({ route, children }: { route: PageRoute; children: ReactNode }) {
  const role = route.access as Role;
  const session = useSession(role);
  const navigate = useNavigate();
  const denied = session.data?.loggedIn === false;
  const failed = session.isError;
  const security = SECURITY_PAGE[role];
  const mustEnrol =
    session.data?.loggedIn === true &&
    session.data.enrolmentRequired === true &&
    security !== undefined &&
    route.path !== security;

  useEffect(() => {
    if (!denied) return;
    void navigate(route.deniedRedirect ?? ROLE_HOME[role], { replace: true });
    void showAlert(frameMessages[route.deniedMessage ?? 'loginRequiredConsultations']);
  }, [denied, navigate, role, route.deniedMessage, route.deniedRedirect]);

  useEffect(() => {
    if (mustEnrol && security) void navigate(security, { replace: true });
  }, [mustEnrol, navigate, security]);

  useEffect(() => {
    if (failed) console.error('No se pudo comprobar la sesión', session.error);
  }, [failed, session.error]);

  return session.data?.loggedIn === true && !mustEnrol ? children : null;
}
