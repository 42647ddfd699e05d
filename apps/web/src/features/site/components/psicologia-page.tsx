import { Link } from '../../../lib/router.js';
import { SERVICE_PRICE_CENTS } from '@clinica/shared';
import { rich } from '../../../components/ui/rich-text.js';
import { useTranslation } from '../../../lib/i18n.js';
import { formatPrice } from '../site-content.js';
import { ServicePage } from './service-page.js';

/** /psicologia (docs/spec/patient-and-public.md, Psychology page). */
export function PsicologiaPage() {
  const { t } = useTranslation('site');
  return (
    <ServicePage
      id="psicologia"
      textKey="psychology"
      serviceIds={['s1', 's2', 's3', 's4', 's5']}
      reasonIds={['r1', 'r2', 'r3', 'r4']}
      price={formatPrice(SERVICE_PRICE_CENTS.psicologia)}
    >
      <aside className="site-alert" aria-label={t('psychology.emergencyLabel')}>
        <p>
          {rich(t('psychology.emergency'), {
            more: (c) => <Link to="/preguntas-frecuentes#urgencias">{c}</Link>,
          })}
        </p>
      </aside>
    </ServicePage>
  );
}
