import { useTranslation } from '../../../lib/i18n.js';
import { CLINIC_HOURS, VIRTUAL_HOURS, formatRange } from '../site-content.js';

/** Opening hours of the virtual service and of the clinic, in Panama time. */
export function ClinicHours() {
  const { t, i18n } = useTranslation('site');
  const range = (r: { open: number; close: number }) => formatRange(r, t, i18n.language);
  return (
    <div className="site-hours">
      <dl>
        <div>
          <dt>{t('hours.virtual')}</dt>
          <dd>{t('hours.virtualDays', { range: range(VIRTUAL_HOURS) })}</dd>
        </div>
        <div>
          <dt>{t('hours.clinic')}</dt>
          <dd>{t('hours.weekdays', { range: range(CLINIC_HOURS.weekdays) })}</dd>
          <dd>{t('hours.weekend', { range: range(CLINIC_HOURS.weekend) })}</dd>
        </div>
      </dl>
      <p className="site-note">{t('hours.note')}</p>
    </div>
  );
}
