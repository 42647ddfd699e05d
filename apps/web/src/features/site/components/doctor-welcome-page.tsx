import { Link } from 'react-router';
import { useMessages, useTranslation } from '../../../lib/i18n.js';
import '../site.css';

/** /AdminDoctor: the doctors' entry page (docs/spec/staff.md, route groups). */
export function DoctorWelcomePage() {
  const { t } = useTranslation('site');
  const messages = useMessages();
  return (
    <section className="site-page site-welcome site-welcome--doctor" aria-labelledby="doctor-welcome-title">
      <h1 id="doctor-welcome-title">{messages.doctorWelcome}</h1>
      <p className="site-lead">{messages.doctorWelcomeBack}</p>
      <p>{t('doctorWelcome.text')}</p>
      <div className="site-actions">
        <Link className="site-button" to="/Login_Admin_Doctor">
          {t('doctorWelcome.login')}
        </Link>
        <Link className="site-button site-button--outline" to="/Registro_Admin_Doctor">
          {t('doctorWelcome.register')}
        </Link>
      </div>
    </section>
  );
}
