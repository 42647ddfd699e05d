import { referenceNumber } from '@clinica/shared';
import { useTranslation } from '../../lib/i18n.js';

export type ReferenceKind = 'consultation' | 'appointment' | 'payment';

/**
 * The short human reference of a record ("Consulta N.º 000123"; issue 23, decision 0045), shown
 * wherever a person needs to name a record: never its UUID or token.
 */
export function Reference({ kind, numero }: { kind: ReferenceKind; numero: number }) {
  const { t } = useTranslation('ui');
  return <span className="reference-number">{t(`reference.${kind}`, { n: referenceNumber(numero) })}</span>;
}
