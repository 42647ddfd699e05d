import type { Language } from '../../../lib/i18n.js';

/**
 * Numbers and money on the dashboard: es-PA's grouping and decimal point in Spanish (1,234.50),
 * each language's own otherwise; money as the product writes it elsewhere ('USD 12.00').
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const formatOf = (language: Language, decimals: number) => {
  const locale = language === 'es' ? 'es-PA' : language;
  const key = `${locale}:${decimals}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    numberFormats.set(key, f);
  }
  return f;
};

export const formatCount = (n: number, language: Language) => formatOf(language, 0).format(n);
export const formatMoneyCents = (cents: number, language: Language) => `USD ${formatOf(language, 2).format(cents / 100)}`;
export const formatPercent = (ratio: number, language: Language) => `${formatOf(language, 1).format(ratio * 100)} %`;

/** A wait in seconds as minutes, hours or days (one decimal), with the catalogue's unit words. */
export function formatSeconds(seconds: number, language: Language, units: { minutes: string; hours: string; days: string }) {
  const with1 = (v: number) => formatOf(language, v >= 10 ? 0 : 1).format(v);
  if (seconds < 3600) return units.minutes.replace('{{n}}', formatOf(language, 0).format(Math.round(seconds / 60)));
  if (seconds < 48 * 3600) return units.hours.replace('{{n}}', with1(seconds / 3600));
  return units.days.replace('{{n}}', with1(seconds / 86_400));
}
