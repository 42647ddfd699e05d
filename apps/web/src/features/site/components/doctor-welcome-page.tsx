import { Link } from '../../../lib/router.js';
import { StaffLinks, type StaffLink } from './staff-links.js';
import { useMessages, useTranslation } from '../../../lib/i18n.js';
import '../site.css';

/** /AdminDoctor: the doctors' entry page (docs/spec/staff.md, route groups). */
/**
 * `links`: the signed-in person's pages (composed in app/composed/staff-welcome-pages.tsx from the
 * header's menu); null when nobody is signed in, and the page offers sign-in and registration.
 */
export function DoctorWelcomePage({ links = null }: { links?: StaffLink[] | null }) {
  const { t } = useTranslation('site');
  const messages = useMessages();
  return (
    <section className="site-page site-welcome site-welcome--doctor" aria-labelledby="doctor-welcome-title">
      <h1 id="doctor-welcome-title">{messages.doctorWelcome}</h1>
      <p className="site-lead">{messages.doctorWelcomeBack}</p>
      <p>{links ? t('doctorWelcome.signedInText') : t('doctorWelcome.text')}</p>
      {links ? (
        <StaffLinks links={links} label={t('doctorWelcome.yourPages')} />
      ) : (
        <div className="site-actions">
          <Link className="site-button" to="/Login_Admin_Doctor">
            {t('doctorWelcome.login')}
          </Link>
          <Link className="site-button site-button--outline" to="/Registro_Admin_Doctor">
            {t('doctorWelcome.register')}
          </Link>
        </div>
      )}
    </section>
  );
}
