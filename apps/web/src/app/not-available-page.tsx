import { Link } from '../lib/router.js';
import { useTranslation } from '../lib/i18n.js';
import { useCurrentRoute } from './current-route.js';
import './layout/layout.css';

/**
 * What a route shows until its feature's page exists: an honest notice, and how to reach the
 * clinic meanwhile. Features replace it by adding their page to PAGES in router.tsx.
 */
export function NotAvailablePage() {
  const { t } = useTranslation('frame');
  const route = useCurrentRoute();
  const staff = route.group === 'admin' || route.group === 'doctor';
  return (
    <section className="notice-page" aria-labelledby="not-available-title">
      <h1 id="not-available-title">{t('notAvailable.title')}</h1>
      <p>{t('notAvailable.body')}</p>
      {staff ? (
        <p>{t('notAvailable.staff')}</p>
      ) : (
        <p>
          {t('notAvailable.publicBefore')}
          <Link to="/preguntas-frecuentes#contacto">{t('notAvailable.publicLink')}</Link>
          {t('notAvailable.publicAfter')}
        </p>
      )}
      <p>
        <Link to={route.group === 'admin' ? '/Admin' : route.group === 'doctor' ? '/AdminDoctor' : '/'}>{t('notAvailable.back')}</Link>
      </p>
    </section>
  );
}
