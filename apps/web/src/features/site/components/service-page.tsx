import type { ReactNode } from 'react';
import { Link } from '../../../lib/router.js';
import { rich } from '../../../components/ui/rich-text.js';
import { useTranslation } from '../../../lib/i18n.js';
import '../site.css';

interface ServicePageProps {
  id: string;
  /** Namespace prefix of the page's texts in the `site` catalogue ('general', 'psychology'). */
  textKey: string;
  serviceIds: readonly string[];
  reasonIds: readonly string[];
  price: string;
  children?: ReactNode;
}

/** Layout shared by the discipline pages: intro, services, reasons, price and the two ways to book. */
export function ServicePage({ id, textKey, serviceIds, reasonIds, price, children }: ServicePageProps) {
  const { t } = useTranslation('site');
  return (
    <article className="site-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t(`${textKey}.title`)}</h1>
      <div className="site-lead">
        <p>{t(`${textKey}.intro`)}</p>
      </div>

      <section className="site-block" aria-labelledby={`${id}-services`}>
        <h2 id={`${id}-services`}>{t('servicePage.servicesHeading')}</h2>
        <ul className="site-list">
          {serviceIds.map((s) => (
            <li key={s}>
              <strong>{t(`${textKey}.services.${s}.name`)}</strong>: {t(`${textKey}.services.${s}.text`)}
            </li>
          ))}
        </ul>
      </section>

      <section className="site-block" aria-labelledby={`${id}-reasons`}>
        <h2 id={`${id}-reasons`}>{t(`${textKey}.reasonsTitle`)}</h2>
        <ul className="site-list site-list--check">
          {reasonIds.map((r) => (
            <li key={r}>
              <strong>{t(`${textKey}.reasons.${r}.name`)}</strong>: {t(`${textKey}.reasons.${r}.text`)}
            </li>
          ))}
        </ul>
      </section>

      {children}

      <section className="site-block site-cta" aria-labelledby={`${id}-book`}>
        <h2 id={`${id}-book`}>{t('servicePage.book')}</h2>
        <p>{rich(t('servicePage.price', { price }))}</p>
        <div className="site-actions">
          <Link className="site-button" to="/citas">
            {t('servicePage.inPerson')}
          </Link>
          <Link className="site-button site-button--outline" to="/consultas-virtuales">
            {t('servicePage.virtual')}
          </Link>
        </div>
        <p className="site-note">{t('servicePage.note')}</p>
      </section>
    </article>
  );
}
