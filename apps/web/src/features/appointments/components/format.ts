import { CLINIC_TIME_ZONE } from '@clinica/shared';
import { i18n } from '../../../lib/i18n.js';

/**
 * Dates and hours in the current language (Spanish as written in Panama). The components that call
 * these re-render when the language changes (they use the feature's translations), so reading the
 * language at call time is enough.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
const OPTIONS = {
  // A calendar date is shown as itself (noon UTC, so no time zone moves it to another day).
  long: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
  short: { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' },
  clock: { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' },
  instant: { timeZone: CLINIC_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
const formatter = (kind: keyof typeof OPTIONS) => {
  const lng = i18n.resolvedLanguage ?? i18n.language ?? 'es';
  const key = `${kind}/${lng}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(lng === 'es' ? 'es-PA' : lng, OPTIONS[kind]);
    formats.set(key, f);
  }
  return f;
};

/** '2026-11-25' -> 'miércoles, 25 de noviembre de 2026'. */
export const formatLongDate = (fecha: string) => formatter('long').format(new Date(`${fecha}T12:00:00Z`));
/** '2026-11-25' -> '25/11/2026'. */
export const formatShortDate = (fecha: string) => formatter('short').format(new Date(`${fecha}T12:00:00Z`));
/** '08:00' -> '8:00 a. m.' (Panama time, as every hour of the product). */
export const formatHour = (hora: string) => formatter('clock').format(new Date(`1970-01-01T${hora}:00Z`));
/** The one-hour slot: '08:00' -> '8:00 a. m. – 9:00 a. m.'. */
export const formatSlot = (hora: string) => {
  const next = String(Number(hora.slice(0, 2)) + 1).padStart(2, '0');
  return `${formatHour(hora)} – ${formatHour(`${next}:00`)}`;
};
/** An ISO instant in Panama's date and time. */
export const formatInstant = (iso: string) => formatter('instant').format(new Date(iso));

export const formatMoney = (monto: number) => `USD ${monto.toFixed(2)}`;
