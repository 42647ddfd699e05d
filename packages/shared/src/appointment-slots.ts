import { PANAMA_UTC_OFFSET_HOURS } from './constants.js';
import { panamaClock } from './panama-time.js';

/**
 * The in-person appointment slots (docs/spec/decisions.md, "In-person appointments"): one hour long,
 * starting on the hour inside clinic hours, Panama time. Pure functions of the date, the hour
 * and the clock, so the server decides with them and the picker shows the same rules.
 */

/** Clinic hours (docs/spec/patient-and-public.md, section 9); the last slot starts an hour before closing. */
export const CLINIC_HOURS = {
  /** Monday to Friday, 8:00 a.m. to 10:00 p.m. */
  weekday: { open: 8, close: 22 },
  /** Saturday and Sunday, 9:00 a.m. to 5:00 p.m. */
  weekend: { open: 9, close: 17 },
} as const;

/** How far ahead an appointment may be requested (the picker's last selectable day). */
export const BOOKING_WINDOW_DAYS = 180;

/** A patient cancels only an appointment that starts more than this many hours later. */
export const PATIENT_CANCEL_NOTICE_HOURS = 24;

/** How long an unpaid PayPal checkout holds its slot. */
export const PAYPAL_HOLD_MINUTES = 15;

const DAY_MS = 24 * 60 * 60_000;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const HOUR_PATTERN = /^([01]\d|2[0-3]):00$/;

/** Year, month (1-12) and day of a real calendar date written yyyy-MM-dd; null otherwise ('2025-02-30'). */
export function parseIsoDate(fecha: string) {
  const m = DATE_PATTERN.exec(fecha);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (y < 2000 || y > 2200 || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return { y, mo, d };
}

export const isCalendarDate = (fecha: string) => parseIsoDate(fecha) !== null;

const calendar = (fecha: string) => {
  const p = parseIsoDate(fecha);
  if (!p) throw new RangeError(`not a calendar date: ${fecha}`);
  return p;
};

/** 0 = Sunday ... 6 = Saturday, of the calendar date itself (no time zone is involved). */
export function weekdayOf(fecha: string) {
  const { y, mo, d } = calendar(fecha);
  return new Date(Date.UTC(y, mo - 1, d)).getUTCDay();
}

/** The clinic's opening and closing hour on that date. */
export function clinicHoursOn(fecha: string): { open: number; close: number } {
  const day = weekdayOf(fecha);
  return day === 0 || day === 6 ? CLINIC_HOURS.weekend : CLINIC_HOURS.weekday;
}

export const formatHour = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The hour of a slot written 'HH:00'; null for anything else ('8:00', '08:30'). */
export function parseHour(hora: string) {
  const m = HOUR_PATTERN.exec(hora);
  return m ? Number(m[1]) : null;
}

/** Every slot of the date, inside clinic hours: '08:00' ... '21:00' on weekdays, '09:00' ... '16:00' at weekends. */
export function slotsOn(fecha: string) {
  const { open, close } = clinicHoursOn(fecha);
  return Array.from({ length: close - open }, (_, i) => formatHour(open + i));
}

/** The instant a slot starts (Panama time), whatever the time zone of the machine. */
export function slotStart(fecha: string, hora: string) {
  const { y, mo, d } = calendar(fecha);
  const hour = parseHour(hora);
  if (hour === null) throw new RangeError(`not a slot hour: ${hora}`);
  return new Date(Date.UTC(y, mo - 1, d, hour - PANAMA_UTC_OFFSET_HOURS));
}

/** The date `days` after `fecha` (negative: before). */
export function addDays(fecha: string, days: number) {
  const { y, mo, d } = calendar(fecha);
  return new Date(Date.UTC(y, mo - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The last dates read, by minute: the slot rules ask for today and the last bookable day once per
 * slot (Intl and Date formatting are not free: they were a third of a free-hours request's CPU).
 */
let todayMemo = { minute: Number.NaN, date: '', last: '' };

function todayAt(nowMs: number) {
  const minute = Math.floor(nowMs / 60_000);
  if (minute !== todayMemo.minute) {
    const date = panamaClock(nowMs).date;
    todayMemo = { minute, date, last: addDays(date, BOOKING_WINDOW_DAYS) };
  }
  return todayMemo;
}

/** Today's date in Panama at the instant `nowMs`. */
export const panamaToday = (nowMs: number) => todayAt(nowMs).date;

/** The last date that may be booked at the instant `nowMs`. */
export const lastBookableDate = (nowMs: number) => todayAt(nowMs).last;

/** Why a slot cannot be booked, in the order a person would want to hear it. */
export type SlotProblem =
  | 'invalid_date'
  | 'invalid_hour'
  | 'past_date'
  | 'too_far'
  | 'blocked'
  | 'outside_hours'
  | 'doctor_off'
  | 'past_hour'
  | 'taken';

export interface SlotContext {
  /** The clock, in milliseconds. */
  now: number;
  /** True when the doctor blocked the date. */
  blocked: boolean;
  /** Hours ('HH:00') of the date already held by an active appointment of the doctor. */
  held: ReadonlySet<string>;
  /**
   * The slots of the date the doctor can be booked at (their weekly hours minus partial blocks,
   * `doctorSlotsOn` in doctor-hours.ts); absent: every clinic slot (a doctor with no weekly hours).
   */
  hours?: ReadonlySet<string>;
}

/** Why the doctor's slot `fecha` `hora` cannot be booked now, or null when it is free. */
export function slotProblem(fecha: string, hora: string, ctx: SlotContext): SlotProblem | null {
  if (!isCalendarDate(fecha)) return 'invalid_date';
  const hour = parseHour(hora);
  if (hour === null) return 'invalid_hour';
  if (fecha < panamaToday(ctx.now)) return 'past_date';
  if (fecha > lastBookableDate(ctx.now)) return 'too_far';
  if (ctx.blocked) return 'blocked';
  const { open, close } = clinicHoursOn(fecha);
  if (hour < open || hour >= close) return 'outside_hours';
  if (ctx.hours && !ctx.hours.has(hora)) return 'doctor_off';
  // A slot that has started (or starts this very minute) is past.
  if (slotStart(fecha, hora).getTime() <= ctx.now) return 'past_hour';
  if (ctx.held.has(hora)) return 'taken';
  return null;
}

/** 'HH:00' of every hour of a day, written once. */
const HOUR_LABELS = Array.from({ length: 24 }, (_, h) => formatHour(h));
const HOUR_MS = 60 * 60_000;

/**
 * The free hours of the doctor on `fecha`: clinic slots minus blocked date, the doctor's off hours,
 * held hours and past hours. Exactly the slots `slotProblem` finds no problem with (a test holds
 * the two together), but the date is parsed and its checks made once, not once per slot: this
 * runs on every free-hours request (issue 24, item 8).
 */
export function freeHours(fecha: string, ctx: SlotContext): string[] {
  const p = parseIsoDate(fecha);
  if (!p || ctx.blocked) return [];
  const today = todayAt(ctx.now);
  if (fecha < today.date || fecha > today.last) return [];
  const midnight = Date.UTC(p.y, p.mo - 1, p.d);
  const day = new Date(midnight).getUTCDay();
  const { open, close } = day === 0 || day === 6 ? CLINIC_HOURS.weekend : CLINIC_HOURS.weekday;
  // The instant of the date's 00:00 in Panama; a slot that has started (or starts this minute) is past.
  const panamaMidnight = midnight - PANAMA_UTC_OFFSET_HOURS * HOUR_MS;
  const out: string[] = [];
  for (let hour = open; hour < close; hour++) {
    const hora = HOUR_LABELS[hour]!;
    if (ctx.hours && !ctx.hours.has(hora)) continue;
    if (panamaMidnight + hour * HOUR_MS <= ctx.now) continue;
    if (ctx.held.has(hora)) continue;
    out.push(hora);
  }
  return out;
}
