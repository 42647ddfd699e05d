import { Link } from '../lib/router.js';
import { useTranslation } from '../lib/i18n.js';
import './layout/layout.css';

/** Any address that is not a page of the site. */
export function NotFoundPage() {
  const { t } = useTranslation('frame');
  return (
    <section className="notice-page" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <p>
        <Link to="/">{t('notFound.back')}</Link>
      </p>
    </section>
  );
}
