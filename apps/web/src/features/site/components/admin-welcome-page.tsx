import { Link } from 'react-router';
import { useMessages, useTranslation } from '../../../lib/i18n.js';
import '../site.css';

/** /Admin: the administrators' entry page (docs/spec/staff.md, route groups). */
export function AdminWelcomePage() {
  const { t } = useTranslation('site');
  const messages = useMessages();
  return (
    <section className="site-page site-welcome site-welcome--admin" aria-labelledby="admin-welcome-title">
      <h1 id="admin-welcome-title">{messages.adminWelcome}</h1>
      <p className="site-lead">{t('adminWelcome.lead')}</p>
      <p>{t('adminWelcome.key')}</p>
      <div className="site-actions">
        <Link className="site-button" to="/Login_Admin">
          {t('adminWelcome.login')}
        </Link>
        <Link className="site-button site-button--outline" to="/Registro_Admin">
          {t('adminWelcome.register')}
        </Link>
      </div>
    </section>
  );
}
