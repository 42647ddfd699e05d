import { afterEach, describe, expect, it } from 'vitest';
import { BOOKING_WINDOW_DAYS, addDays, freeHours, isCalendarDate, parseHour, slotProblem, slotStart, slotsOn, weekdayOf } from './appointment-slots.js';

// The slot rules of docs/spec/decisions.md ("In-person appointments"), Panama time whatever the machine's
// time zone. 2026-11-25 is a Wednesday, 2026-11-28 a Saturday, 2026-11-29 a Sunday.

const WED = '2026-11-25';
const SAT = '2026-11-28';
const SUN = '2026-11-29';
/** An instant given as Panama wall-clock time (UTC-5). */
const panama = (date: string, time: string) => Date.parse(`${date}T${time}:00-05:00`);
const free = { blocked: false, held: new Set<string>() };
/** Early in the morning two days before: nothing of WED to SUN is past. */
const EARLY = panama('2026-11-23', '06:00');

const ZONES = ['UTC', 'Asia/Tokyo', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/Panama'];
const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe('clinic hours', () => {
  it('weekdays: one-hour slots on the hour from 8:00, the last one at 21:00', () => {
    expect(weekdayOf(WED)).toBe(3);
    const slots = slotsOn(WED);
    expect(slots).toHaveLength(14);
    expect(slots[0]).toBe('08:00');
    expect(slots.at(-1)).toBe('21:00');
    expect(freeHours(WED, { ...free, now: EARLY })).toEqual(slots);
    expect(slotProblem(WED, '21:00', { ...free, now: EARLY })).toBeNull();
    expect(slotProblem(WED, '22:00', { ...free, now: EARLY })).toBe('outside_hours');
    expect(slotProblem(WED, '07:00', { ...free, now: EARLY })).toBe('outside_hours');
  });

  it('Saturday and Sunday: from 9:00, the last slot at 16:00', () => {
    for (const day of [SAT, SUN]) {
      const slots = slotsOn(day);
      expect(slots).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
      expect(slotProblem(day, '16:00', { ...free, now: EARLY })).toBeNull();
      expect(slotProblem(day, '17:00', { ...free, now: EARLY })).toBe('outside_hours');
      expect(slotProblem(day, '08:00', { ...free, now: EARLY })).toBe('outside_hours');
      expect(slotProblem(day, '21:00', { ...free, now: EARLY })).toBe('outside_hours');
    }
    expect(weekdayOf(SAT)).toBe(6);
    expect(weekdayOf(SUN)).toBe(0);
  });

  it('only whole hours written HH:00 are slots', () => {
    expect(parseHour('08:00')).toBe(8);
    for (const bad of ['08:30', '8:00', '24:00', '', '08:00:00', 'ocho']) expect(parseHour(bad)).toBeNull();
    expect(slotProblem(WED, '08:30', { ...free, now: EARLY })).toBe('invalid_hour');
  });
});

describe('dates', () => {
  it('a date that does not exist is refused, a leap day is not', () => {
    expect(slotProblem('2025-02-30', '10:00', { ...free, now: EARLY })).toBe('invalid_date');
    expect(slotProblem('2026-13-01', '10:00', { ...free, now: EARLY })).toBe('invalid_date');
    expect(slotProblem('25-11-2026', '10:00', { ...free, now: EARLY })).toBe('invalid_date');
    expect(freeHours('2025-02-30', { ...free, now: EARLY })).toEqual([]);
    expect(slotProblem('2028-02-29', '10:00', { ...free, now: panama('2028-02-01', '06:00') })).toBeNull();
  });

  it('past dates have no hours; dates beyond the booking window neither', () => {
    const now = panama(WED, '10:00');
    expect(slotProblem('2026-11-24', '15:00', { ...free, now })).toBe('past_date');
    expect(freeHours('2026-11-24', { ...free, now })).toEqual([]);
    const last = addDays(WED, BOOKING_WINDOW_DAYS);
    expect(slotProblem(last, '10:00', { ...free, now })).toBeNull();
    expect(slotProblem(addDays(last, 1), '10:00', { ...free, now })).toBe('too_far');
  });

  it('a blocked date has no hours at all', () => {
    expect(freeHours(WED, { now: EARLY, blocked: true, held: new Set() })).toEqual([]);
    expect(slotProblem(WED, '10:00', { now: EARLY, blocked: true, held: new Set() })).toBe('blocked');
  });

  it('hours held by an active appointment are not free', () => {
    const held = new Set(['10:00', '15:00']);
    const hours = freeHours(WED, { now: EARLY, blocked: false, held });
    expect(hours).toHaveLength(12);
    expect(hours).not.toContain('10:00');
    expect(hours).not.toContain('15:00');
    expect(hours).toContain('11:00');
    expect(slotProblem(WED, '10:00', { now: EARLY, blocked: false, held })).toBe('taken');
  });
});

describe('the clock, in Panama time whatever the machine time zone', () => {
  it.each(ZONES)('TZ=%s: past hours of today are gone, a started slot is past, tomorrow is whole', (zone) => {
    process.env.TZ = zone;
    const now = panama(WED, '14:30');
    // The machine's zone really changed (Node reads TZ when it is set).
    if (zone === 'Asia/Tokyo') expect(new Date(now).getTimezoneOffset()).toBe(-540);
    if (zone === 'America/Los_Angeles') expect(new Date(now).getHours()).toBe(11);
    expect(freeHours(WED, { ...free, now })).toEqual(['15:00', '16:00', '17:00', '18:00', '19:00', '20:00', '21:00']);
    expect(slotProblem(WED, '14:00', { ...free, now })).toBe('past_hour');
    // Exactly at 15:00 the 15:00 slot has started.
    expect(slotProblem(WED, '15:00', { ...free, now: panama(WED, '15:00') })).toBe('past_hour');
    expect(freeHours('2026-11-26', { ...free, now })).toHaveLength(14);
    expect(slotStart(WED, '08:00').toISOString()).toBe('2026-11-25T13:00:00.000Z');
  });

  it.each(ZONES)('TZ=%s: at 23:30 in Panama it is already the next day in UTC, but today is still Panama’s', (zone) => {
    process.env.TZ = zone;
    const now = panama(WED, '23:30');
    expect(new Date(now).toISOString().slice(0, 10)).toBe('2026-11-26');
    expect(freeHours(WED, { ...free, now })).toEqual([]);
    expect(slotProblem(WED, '21:00', { ...free, now })).toBe('past_hour');
    expect(freeHours('2026-11-26', { ...free, now })).toHaveLength(14);
    expect(slotProblem('2026-11-24', '10:00', { ...free, now })).toBe('past_date');
  });

  it.each(ZONES)('TZ=%s: at 00:30 in Panama yesterday is past and the whole day is ahead', (zone) => {
    process.env.TZ = zone;
    const now = panama(SAT, '00:30');
    expect(slotProblem('2026-11-27', '21:00', { ...free, now })).toBe('past_date');
    expect(freeHours(SAT, { ...free, now })).toHaveLength(8);
  });
});

// Issue 24, item 8: freeHours checks the date once instead of once per slot; it must still offer
// exactly the slots the booking rule (slotProblem) accepts, whatever the date, clock and context.
describe('freeHours is the booking rule, computed once per date', () => {
  it('offers exactly the slots slotProblem accepts, over dates, clocks, blocks, held and weekly hours', () => {
    const hoursSets = [undefined, new Set(['08:00', '09:00', '14:00', '15:00', '16:00']), new Set<string>(), new Set(['09:00', '16:00', '21:00'])];
    const heldSets = [new Set<string>(), new Set(['09:00', '15:00', '21:00'])];
    // Around midnight, midday and the last bookable day; Saturday 2026-11-21 10:00 in Panama is 15:00 UTC.
    const clocks = [Date.UTC(2026, 10, 21, 15, 0), Date.UTC(2026, 10, 21, 14, 59, 59), Date.UTC(2026, 10, 22, 4, 59), Date.UTC(2026, 10, 22, 5, 0), Date.UTC(2026, 10, 23, 20, 30)];
    const dates = ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-27', '2027-05-20', '2027-05-21', '2027-05-22', '2026-02-30', 'hoy'];
    let compared = 0;
    for (const now of clocks) {
      for (const fecha of dates) {
        for (const hours of hoursSets) {
          for (const held of heldSets) {
            for (const blocked of [false, true]) {
              const ctx = { now, blocked, held, ...(hours ? { hours } : {}) };
              const expected = isCalendarDate(fecha) ? slotsOn(fecha).filter((hora) => slotProblem(fecha, hora, ctx) === null) : [];
              expect(freeHours(fecha, ctx), `${fecha} at ${new Date(now).toISOString()}`).toEqual(expected);
              compared++;
            }
          }
        }
      }
    }
    expect(compared).toBe(clocks.length * dates.length * hoursSets.length * heldSets.length * 2);
    // And it is not empty everywhere: Monday 23 with the clinic's hours, seen on Saturday, has all 14.
    expect(freeHours('2026-11-23', { now: clocks[0]!, blocked: false, held: new Set() })).toHaveLength(14);
  });
});
