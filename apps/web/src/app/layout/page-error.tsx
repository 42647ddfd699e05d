import { useTranslation } from '../../lib/i18n.js';

/** What a page that failed to render shows instead of a blank screen. */
export function PageError() {
  const { t } = useTranslation('frame');
  return (
    <section className="page-error" role="alert" aria-labelledby="page-error-title">
      <h1 id="page-error-title">{t('pageError.title')}</h1>
      <p>{t('pageError.text')}</p>
      <p className="page-error-links">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('pageError.reload')}
        </button>
      </p>
    </section>
  );
}
