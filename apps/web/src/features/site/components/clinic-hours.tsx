import { CLINIC_HOURS } from '@clinica/shared';
import { useTranslation } from '../../../lib/i18n.js';
import { useSiteConfig } from '../api/get-site-config.js';
import { VIRTUAL_HOURS, formatRange } from '../site-content.js';

/**
 * Opening hours of the virtual service and of the clinic, in Panama time. The clinic's come from
 * the one source the footer and the FAQ's contact read: the configured text (`CLINIC_OPENING_HOURS`,
 * served as `contact.openingHours`) when the clinic set one, else the hours the booking rules use.
 */
export function ClinicHours() {
  const { t, i18n } = useTranslation('site');
  const config = useSiteConfig();
  const range = (r: { open: number; close: number }) => formatRange(r, t, i18n.language);
  // Until the configuration answers nothing is written for the clinic: the default could contradict
  // it. If it cannot be read, the booking rules' hours (the server's own) are still the truth.
  const configured = config.data?.contact.openingHours;
  return (
    <div className="site-hours">
      <dl>
        <div>
          <dt>{t('hours.virtual')}</dt>
          <dd>{t('hours.virtualDays', { range: range(VIRTUAL_HOURS) })}</dd>
        </div>
        <div>
          <dt>{t('hours.clinic')}</dt>
          {config.isPending ? null : configured ? (
            <dd>{configured}</dd>
          ) : (
            <>
              <dd>{t('hours.weekdays', { range: range(CLINIC_HOURS.weekday) })}</dd>
              <dd>{t('hours.weekend', { range: range(CLINIC_HOURS.weekend) })}</dd>
            </>
          )}
        </div>
      </dl>
      <p className="site-note">{t('hours.note')}</p>
    </div>
  );
}
