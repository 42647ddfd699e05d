import { SERVICE_PRICE_CENTS } from '@clinica/shared';
import { formatPrice } from '../site-content.js';
import { ServicePage } from './service-page.js';

/** /medicina-general (docs/spec/patient-and-public.md, General medicine page). */
export function MedicinaGeneralPage() {
  return (
    <ServicePage
      id="medicina-general"
      textKey="general"
      serviceIds={['s1', 's2', 's3', 's4', 's5']}
      reasonIds={['r1', 'r2', 'r3']}
      price={formatPrice(SERVICE_PRICE_CENTS.consulta_general)}
    />
  );
}
