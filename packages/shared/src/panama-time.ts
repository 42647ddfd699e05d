import { PANAMA_UTC_OFFSET_HOURS } from './constants.js';

/**
 * Clock readings in Panama time (docs/spec/decisions.md: all times in the product are Panama time,
 * America/Panama, UTC-5 without daylight saving), whatever the time zone of the machine: the UTC
 * clock moved by PANAMA_UTC_OFFSET_HOURS (no Intl time zone: its first use is slow on a phone).
 */
export const panamaWallClock = (ms: number) => new Date(ms + PANAMA_UTC_OFFSET_HOURS * 3_600_000);

export interface PanamaClock {
  /** yyyy-MM-dd */
  date: string;
  hour: number;
  minute: number;
  /** 0 = Sunday ... 6 = Saturday */
  weekday: number;
}

/** The date, hour, minute and weekday in Panama at the instant `ms`. */
export function panamaClock(ms: number): PanamaClock {
  // Read with getUTC*: the Date holds Panama's wall clock as if it were UTC.
  const at = panamaWallClock(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${String(at.getUTCFullYear()).padStart(4, '0')}-${two(at.getUTCMonth() + 1)}-${two(at.getUTCDate())}`,
    hour: at.getUTCHours(),
    minute: at.getUTCMinutes(),
    weekday: at.getUTCDay(),
  };
}

/** Virtual consultations: 8:00 to 22:00 every day, Panama time (docs/spec/patient-and-public.md, section 9). */
export const VIRTUAL_CONSULTATION_HOURS = { startHour: 8, endHour: 22 } as const;

/** True from 8:00:00 up to (not including) 22:00:00 Panama time. */
export function isVirtualConsultationOpen(ms: number) {
  const { hour } = panamaClock(ms);
  return hour >= VIRTUAL_CONSULTATION_HOURS.startHour && hour < VIRTUAL_CONSULTATION_HOURS.endHour;
}
