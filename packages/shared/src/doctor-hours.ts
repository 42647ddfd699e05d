import { clinicHoursOn, formatHour, isCalendarDate, parseHour, slotsOn, weekdayOf } from './appointment-slots.js';

/**
 * Each doctor's weekly hours and partial-day blocks (issue 24, decision 0048): the one place that
 * says which slots of a date a doctor can be booked at. Pure functions, so the server's booking
 * rule, its free-hours answer and the picker all compute the same thing.
 */

/** The days of a week, indexed like `weekdayOf` (0 = Sunday); the JSON keys of a weekly schedule. */
export const WEEKDAY_KEYS = ['domingo', 'lunes', 'martes', 'miercoles', 'jueves', 'viernes', 'sabado'] as const;
export type WeekdayKey = (typeof WEEKDAY_KEYS)[number];
/** Monday first, as a person in Panama reads a week. */
export const WEEK_ORDER: readonly WeekdayKey[] = ['lunes', 'martes', 'miercoles', 'jueves', 'viernes', 'sabado', 'domingo'];

/** A time range on the slot grid: from `desde` ('HH:00') up to, not including, `hasta` ('HH:00', may be '22:00'). */
export interface HourRange {
  desde: string;
  hasta: string;
}
export type WeeklyHours = Record<WeekdayKey, HourRange[]>;

/** A block of a date: the whole day (`desde` and `hasta` null) or a range of it. */
export interface DateBlock {
  desde: string | null;
  hasta: string | null;
}

/** The most ranges one day may hold (a break or two is plenty). */
export const MAX_RANGES_PER_DAY = 6;

const isWeekend = (day: number) => day === 0 || day === 6;

/** The clinic's hours of a weekday (0 = Sunday). */
export function clinicHoursOfWeekday(day: number) {
  return clinicHoursOn(isWeekend(day) ? '2026-11-28' : '2026-11-25');
}

/** The default for a doctor who set none: the clinic's hours, every day (nothing changes for them). */
export function clinicWeeklyHours(): WeeklyHours {
  const week = {} as WeeklyHours;
  WEEKDAY_KEYS.forEach((key, day) => {
    const { open, close } = clinicHoursOfWeekday(day);
    week[key] = [{ desde: formatHour(open), hasta: formatHour(close) }];
  });
  return week;
}

/** The hour of a range end written 'HH:00' (00 to 24); null for anything off the grid. */
export function parseRangeEnd(value: string) {
  const m = /^(\d{2}):00$/.exec(value);
  if (!m) return null;
  const h = Number(m[1]);
  return h <= 24 ? h : null;
}

/** Why a range cannot be one of the day's ranges, or null. */
export type RangeProblem = 'off_grid' | 'inverted' | 'outside_clinic';

export function rangeProblem(range: HourRange, clinic: { open: number; close: number }): RangeProblem | null {
  const from = parseRangeEnd(range.desde);
  const to = parseRangeEnd(range.hasta);
  if (from === null || to === null) return 'off_grid';
  if (from >= to) return 'inverted';
  if (from < clinic.open || to > clinic.close) return 'outside_clinic';
  return null;
}

/** True when two ranges of one day share an hour (touching ends, 8-12 and 12-14, do not). */
export function rangesOverlap(ranges: readonly HourRange[]) {
  const sorted = [...ranges].sort((a, b) => a.desde.localeCompare(b.desde));
  return sorted.some((r, i) => i > 0 && r.desde < sorted[i - 1]!.hasta);
}

/** The slot hours ('HH:00') a set of ranges covers. */
function hoursIn(ranges: readonly { desde: string; hasta: string }[]) {
  const out = new Set<string>();
  for (const r of ranges) {
    const from = parseRangeEnd(r.desde);
    const to = parseRangeEnd(r.hasta);
    if (from === null || to === null) continue;
    for (let h = from; h < to; h++) out.add(formatHour(h));
  }
  return out;
}

/**
 * The slots of `fecha` the doctor can be booked at: their weekly hours of that weekday (the
 * clinic's hours when they set none), inside clinic hours, minus the date's blocks. Empty on a
 * whole-day block. Past hours and taken hours are the slot rule's business, not this one's.
 */
export function doctorSlotsOn(fecha: string, weekly: WeeklyHours | null, blocks: readonly DateBlock[] = []): string[] {
  if (!isCalendarDate(fecha)) return [];
  if (blocks.some((b) => b.desde === null || b.hasta === null)) return [];
  const working = weekly ? hoursIn(weekly[WEEKDAY_KEYS[weekdayOf(fecha)]!]) : null;
  const blocked = hoursIn(blocks as { desde: string; hasta: string }[]);
  return slotsOn(fecha).filter((h) => (working === null || working.has(h)) && !blocked.has(h));
}

/** True when the slot `hora` of `fecha` is outside the weekly hours (not counting blocks): the affected-appointment check. */
export function outsideWeeklyHours(fecha: string, hora: string, weekly: WeeklyHours) {
  const hour = parseHour(hora);
  if (hour === null) return true;
  return !hoursIn(weekly[WEEKDAY_KEYS[weekdayOf(fecha)]!]).has(hora);
}

/** True when a block of `fecha` covers the slot `hora`. */
export function blockCovers(block: DateBlock, hora: string) {
  if (block.desde === null || block.hasta === null) return true;
  return hora >= block.desde && hora < block.hasta;
}
