import { referenceNumber } from '@clinica/shared';
import { useTranslation } from '../../lib/i18n.js';
import './ui.css';

export type ReferenceKind = 'consultation' | 'appointment' | 'payment';

/**
 * The short human reference of a record ("Consulta N.º 000123"; issue 23, decision 0045), shown
 * wherever a person needs to name a record: never its UUID or token.
 */
export function Reference({ kind, numero, bare = false }: { kind: ReferenceKind; numero: number; bare?: boolean }) {
  const { t } = useTranslation('ui');
  // `bare`: "N.º 000123", in a list's reference column whose header already names it.
  const text = bare ? t('reference.number', { n: referenceNumber(numero) }) : t(`reference.${kind}`, { n: referenceNumber(numero) });
  return <span className="reference-number">{text}</span>;
}

/** The header of a list's reference column ('Referencia'). */
export function useReferenceColumn() {
  return useTranslation('ui').t('reference.column');
}
