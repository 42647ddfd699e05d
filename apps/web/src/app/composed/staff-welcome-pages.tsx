import { useSession } from '../../features/auth/api/get-session.js';
import { AdminWelcomePage } from '../../features/site/components/admin-welcome-page.js';
import { BackupStatusCard } from '../../features/backups/components/backup-status-card.js';
import { DoctorWelcomePage } from '../../features/site/components/doctor-welcome-page.js';
import { useTranslation } from '../../lib/i18n.js';
import { MENUS } from '../layout/menus.js';

/** The header menu's pages of a staff group, in the page's language, while that role is signed in. */
function useSignedInLinks(role: 'admin' | 'doctor') {
  const { t } = useTranslation('frame');
  const session = useSession(role);
  if (session.data?.loggedIn !== true) return null;
  return [...MENUS[role].signedIn, ...MENUS[role].more].map((l) => ({ to: l.to, label: t(`menu.${l.label}`) }));
}

/** /Admin: the welcome, with the administrator's pages and the backups' state once signed in (not sign-in again). */
export function AdminHomePage() {
  const links = useSignedInLinks('admin');
  return <AdminWelcomePage links={links} status={links ? <BackupStatusCard /> : null} />;
}

/** /AdminDoctor: the welcome, with the doctor's pages once signed in. */
export function DoctorHomePage() {
  return <DoctorWelcomePage links={useSignedInLinks('doctor')} />;
}
