import { CLINIC_TIME_ZONE } from './constants.js';

/**
 * Clock readings in Panama time (docs/spec/decisions.md: all times in the product are Panama time,
 * America/Panama, UTC-5 without daylight saving), whatever the time zone of the machine.
 */
const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: CLINIC_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  weekday: 'short',
  hourCycle: 'h23',
});

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

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
  const p: Record<string, string> = {};
  for (const { type, value } of parts.formatToParts(new Date(ms))) p[type] = value;
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    hour: Number(p.hour),
    minute: Number(p.minute),
    weekday: WEEKDAYS.indexOf(p.weekday ?? ''),
  };
}

/** Virtual consultations: 8:00 to 22:00 every day, Panama time (docs/spec/patient-and-public.md, section 9). */
export const VIRTUAL_CONSULTATION_HOURS = { startHour: 8, endHour: 22 } as const;

/** True from 8:00:00 up to (not including) 22:00:00 Panama time. */
export function isVirtualConsultationOpen(ms: number) {
  const { hour } = panamaClock(ms);
  return hour >= VIRTUAL_CONSULTATION_HOURS.startHour && hour < VIRTUAL_CONSULTATION_HOURS.endHour;
}
