import { formatClock, formatDate, formatDateTime, formatSlot as sharedSlot, formatWeekdayDate } from '@clinica/shared';
import { i18n } from '../../../lib/i18n.js';

/**
 * The shared date format (packages/shared/src/date-format.ts, decision 0044) in the current
 * language. The components that call these re-render when the language changes (they use the
 * feature's translations), so reading the language at call time is enough.
 */
const lng = () => i18n.resolvedLanguage ?? i18n.language ?? 'es';

/** '2026-11-25' -> 'miércoles 25 nov. 2026' (a day a person plans). */
export const formatLongDate = (fecha: string) => formatWeekdayDate(fecha, lng());
/** '2026-11-25' -> '25 nov. 2026' (tables). */
export const formatShortDate = (fecha: string) => formatDate(fecha, lng());
/** '08:00' -> '8:00 a. m.' (Panama time, as every hour of the product). */
export const formatHour = (hora: string) => formatClock(hora, lng());
/** The one-hour slot: '08:00' -> '8:00 a. m. – 9:00 a. m.'. */
export const formatSlot = (hora: string) => sharedSlot(hora, lng());
/** An ISO instant in Panama's date and time. */
export const formatInstant = (iso: string) => formatDateTime(iso, lng());

export const formatMoney = (monto: number) => `USD ${monto.toFixed(2)}`;
