import type { ReactNode } from 'react';
import { Link } from '../../../lib/router.js';
import { StaffLinks, type StaffLink } from './staff-links.js';
import { useMessages, useTranslation } from '../../../lib/i18n.js';
import '../site.css';

/** /Admin: the administrators' entry page (docs/spec/staff.md, route groups). */
/**
 * `links`: the signed-in person's pages (composed in app/composed/staff-welcome-pages.tsx from the
 * header's menu); null when nobody is signed in, and the page offers sign-in and registration.
 */
export function AdminWelcomePage({ links = null, status = null }: { links?: StaffLink[] | null; status?: ReactNode }) {
  const { t } = useTranslation('site');
  const messages = useMessages();
  return (
    <section className="site-page site-welcome site-welcome--admin" aria-labelledby="admin-welcome-title">
      <h1 id="admin-welcome-title">{messages.adminWelcome}</h1>
      <p className="site-lead">{t('adminWelcome.lead')}</p>
      {!links && <p>{t('adminWelcome.key')}</p>}
      {links ? (
        <>
          <StaffLinks links={links} label={t('adminWelcome.yourPages')} />
          {/* The clinic's state an administrator must see first (the backups' card, composed in app/composed). */}
          {status}
        </>
      ) : (
        <div className="site-actions">
          <Link className="site-button" to="/Login_Admin">
            {t('adminWelcome.login')}
          </Link>
          <Link className="site-button site-button--outline" to="/Registro_Admin">
            {t('adminWelcome.register')}
          </Link>
        </div>
      )}
    </section>
  );
}
