import { useTranslation } from '../../../lib/i18n.js';
import { PRICE_ROWS } from '../site-content.js';

/** Prices per hour of every service (the same for virtual and in-person). */
export function PriceTable({ caption }: { caption?: string }) {
  const { t } = useTranslation('site');
  return (
    <div className="site-table-wrap">
      <table className="site-table">
        <caption>{caption ?? t('prices.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('prices.service')}</th>
            <th scope="col">{t('prices.price')}</th>
            <th scope="col">{t('prices.duration')}</th>
          </tr>
        </thead>
        <tbody>
          {PRICE_ROWS.map((row) => (
            <tr key={row.service}>
              <th scope="row">{t(`prices.services.${row.service}`)}</th>
              <td>{row.price}</td>
              <td>{t('prices.oneHour')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="site-note">{t('prices.note')}</p>
    </div>
  );
}
