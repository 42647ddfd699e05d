import { SERVICES, SERVICE_PRICE_CENTS } from '@clinica/shared';
import { rich } from '../../../components/ui/rich-text.js';
import { useTranslation } from '../../../lib/i18n.js';

/** Step 1 of the page: what a virtual consultation is, its prices and the urgency classification. */
export function ConsultationInfo() {
  const { t } = useTranslation('consultations');
  return (
    <>
      <section className="consult-card consult-info" aria-labelledby="consult-info-title">
        <h2 id="consult-info-title">{t('info.howTitle')}</h2>
        <p>{rich(t('info.howText'))}</p>
        <p>{rich(t('info.hours'))}</p>
      </section>

      <section className="consult-card" aria-labelledby="consult-prices-title">
        <h2 id="consult-prices-title">{t('info.pricesTitle')}</h2>
        {/* Scrolls sideways only with very large text: then it takes the keyboard focus (WCAG 2.1.1). */}
        <div className="consult-table-wrap" role="region" tabIndex={0} aria-labelledby="consult-prices-title">
          <table className="consult-table">
            <caption className="visually-hidden">{t('info.pricesCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('info.colService')}</th>
                <th scope="col">{t('info.colPrice')}</th>
                <th scope="col">{t('info.colDuration')}</th>
              </tr>
            </thead>
            <tbody>
              {SERVICES.map((s) => (
                <tr key={s}>
                  <th scope="row">{t(`services.${s}`)}</th>
                  <td>USD {SERVICE_PRICE_CENTS[s] / 100}</td>
                  <td>{t('info.oneHour')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="consult-card" aria-labelledby="consult-urgency-title">
        <h2 id="consult-urgency-title">{t('info.urgencyTitle')}</h2>
        <ul className="consult-urgency">
          <li>{rich(t('info.typeA'))}</li>
          <li>{rich(t('info.typeB'))}</li>
          <li>{rich(t('info.typeC'))}</li>
        </ul>
      </section>
    </>
  );
}
