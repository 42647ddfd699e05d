import { CURRENCY, formatHourOfDay, SERVICES, SERVICE_PRICE_CENTS, VIRTUAL_CONSULTATION_HOURS, type Service } from '@clinica/shared';
import type { TFunction } from '../../lib/i18n.js';

/**
 * The virtual service's hours as the public pages state them: the very constant the server's
 * 8:00-22:00 rule reads (packages/shared/src/panama-time.ts), never a copy of its own. The clinic's
 * hours are the site configuration's `contact.openingHours` when set, else the booking rules'
 * `CLINIC_HOURS` (decision 0044, "Leftovers (session 8)"). [open, close) on the 24-hour clock.
 */
export const VIRTUAL_HOURS = { open: VIRTUAL_CONSULTATION_HOURS.startHour, close: VIRTUAL_CONSULTATION_HOURS.endHour } as const;

/**
 * Spanish: 8 -> '8:00 a. m.', 22 -> '10:00 p. m.' (the usual Spanish 12-hour form in Panama);
 * other languages: their own clock form for the same hour.
 */
export const formatHour = (hour: number, language = 'es'): string => formatHourOfDay(hour, language);

export const formatRange = (range: { open: number; close: number }, t: TFunction, language: string) =>
  t('hours.range', { from: formatHour(range.open, language), to: formatHour(range.close, language) });

/** 1000 -> 'USD 10', 1050 -> 'USD 10.50'. */
export function formatPrice(cents: number): string {
  const amount = cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
  return `${CURRENCY} ${amount}`;
}

export const PRICE_ROWS: readonly { service: Service; price: string }[] = SERVICES.map((service) => ({
  service,
  price: formatPrice(SERVICE_PRICE_CENTS[service]),
}));
