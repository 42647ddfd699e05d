import { formatDateTime, type PaymentPurpose, type PaymentState, type RefundState, type Service, type TipoDeConsulta } from '@clinica/shared';
import { useTranslation, type TFunction } from '../../../lib/i18n.js';

export const formatMoney = (monto: number) => `USD ${monto.toFixed(2)}`;

const EVENTS = new Set(['creado', 'aprobado', 'rechazado', 'revisado', 'no_revisado', 'factura_adjunta', 'reembolso_debido', 'reembolso_anulado', 'reembolsado']);
const GENDERS = new Set(['masculino', 'femenino', 'otro']);
// Payment methods are stored values; their shown names (Yappy is a brand: shown as is).
const METHOD_KEYS: Record<string, string> = { 'Paypal o Tarjeta': 'methods.paypal', Transferencia: 'methods.transfer' };

/** The staff-review namespace's `t` and the shown names of the stored values, in the current language. */
export function useReviewFormat() {
  const { t, i18n } = useTranslation('staff-review');
  return {
    t,
    /** An ISO instant as Panama's date and time, in the shared date format (decision 0044). */
    formatDateTime: (iso: string) => formatDateTime(iso, i18n.language),
    serviceLabel: (s: Service) => t(`services.${s}`),
    tipoLabel: (tipo: TipoDeConsulta) => t(`tipos.${tipo}`),
    paymentStateLabel: (s: PaymentState) => t(`paymentStates.${s}`),
    refundStateLabel: (s: RefundState) => t(`refund.states.${s}`),
    purposeLabel: (p: PaymentPurpose) => t(`purposes.${p}`),
    eventLabel: (e: string) => (EVENTS.has(e) ? t(`events.${e}`) : e),
    genderLabel: (g: string) => (GENDERS.has(g) ? t(`genders.${g}`) : g),
    methodLabel: (m: string) => (METHOD_KEYS[m] ? t(METHOD_KEYS[m]) : m),
    yesNo: (yes: boolean) => t(yes ? 'common.yes' : 'common.no'),
  };
}

export type ReviewFormat = ReturnType<typeof useReviewFormat>;
export type { TFunction };
