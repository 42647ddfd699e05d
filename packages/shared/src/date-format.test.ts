import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatDate,
  formatDateTime,
  formatDateTimeSeconds,
  formatSlot,
  formatWeekdayDate,
  formatWeekdayDateTime,
  parseTypedDate,
  toTypedDate,
} from './date-format.js';
import { checkTypedDate } from './date-typed.js';
import { messages } from './messages.js';

// 2026-11-25 14:22 UTC is 9:22 a. m. in Panama (UTC-5); 03:30 UTC on the 25th is still the 24th there.
const MORNING = '2026-11-25T14:22:00.000Z';
const LATE_NIGHT_UTC = '2026-11-25T03:30:00.000Z';
const EVENING = '2026-11-25T23:05:00.000Z';

describe('one date format (es)', () => {
  it('writes day, abbreviated month and year, never the month first', () => {
    expect(formatDate('2026-11-24')).toBe('24 nov. 2026');
    expect(formatDate('2026-09-01')).toBe('1 sept. 2026');
    expect(formatDate(MORNING)).toBe('25 nov. 2026');
  });
  it('adds the weekday where a person plans', () => {
    expect(formatWeekdayDate('2026-11-25')).toBe('miércoles 25 nov. 2026');
    expect(formatWeekdayDateTime('2026-11-25T14:00:00Z')).toBe('miércoles 25 nov. 2026, 9:00 a. m.');
  });
  it('writes times in 12 hours with a. m. / p. m., in Panama time whatever the machine', () => {
    expect(formatDateTime(MORNING)).toBe('25 nov. 2026, 9:22 a. m.');
    expect(formatDateTime(EVENING)).toBe('25 nov. 2026, 6:05 p. m.');
    expect(formatDateTime(LATE_NIGHT_UTC)).toBe('24 nov. 2026, 10:30 p. m.');
    expect(formatDateTime(new Date('2026-11-25T05:00:00Z'))).toBe('25 nov. 2026, 12:00 a. m.');
    expect(formatDateTime('2026-11-25T17:00:00Z')).toBe('25 nov. 2026, 12:00 p. m.');
  });
  it('keeps the seconds where the order within a minute matters (the audit trail)', () => {
    expect(formatDateTimeSeconds('2026-11-25T14:22:05.900Z')).toBe('25 nov. 2026, 9:22:05 a. m.');
    expect(formatDateTimeSeconds('2026-11-25T23:05:59Z')).toBe('25 nov. 2026, 6:05:59 p. m.');
    expect(formatDateTimeSeconds(new Date('2026-11-25T05:00:00Z'))).toBe('25 nov. 2026, 12:00:00 a. m.');
  });
  it('writes clock readings and slots', () => {
    expect(formatClock('08:00')).toBe('8:00 a. m.');
    expect(formatClock('21:30')).toBe('9:30 p. m.');
    expect(formatSlot('11:00')).toBe('11:00 a. m. – 12:00 p. m.');
  });
  it('shows a calendar date as itself (no time zone moves it)', () => {
    expect(formatDate('2026-01-01')).toBe('1 ene. 2026');
    expect(formatWeekdayDate('2026-11-29')).toBe('domingo 29 nov. 2026');
  });
});

describe('one date format (en)', () => {
  it("writes the same pieces in English's own order", () => {
    expect(formatDate('2026-11-24', 'en')).toBe('Nov 24, 2026');
    expect(formatWeekdayDate('2026-11-25', 'en')).toBe('Wednesday, Nov 25, 2026');
    expect(formatDateTime(MORNING, 'en').replace(/\s/g, ' ')).toBe('Nov 25, 2026, 9:22 AM');
    expect(formatDateTime(LATE_NIGHT_UTC, 'en').replace(/\s/g, ' ')).toBe('Nov 24, 2026, 10:30 PM');
    expect(formatSlot('08:00', 'en').replace(/\s/g, ' ')).toBe('8:00 AM – 9:00 AM');
    expect(formatDateTimeSeconds('2026-11-25T14:22:05Z', 'en').replace(/\s/g, ' ')).toBe('Nov 25, 2026, 9:22:05 AM');
  });
});

describe('one date format (zh-CN)', () => {
  it("writes year, month and day in Chinese's own form", () => {
    expect(formatDate('2026-11-24', 'zh-CN')).toBe('2026年11月24日');
    expect(formatWeekdayDate('2026-11-25', 'zh-CN')).toBe('2026年11月25日星期三');
    expect(formatDateTimeSeconds('2026-11-25T03:30:07Z', 'zh-CN')).toMatch(/^2026年11月24日, (22:30:07|晚上10:30:07|下午10:30:07)$/);
    expect(formatDateTime(LATE_NIGHT_UTC, 'zh-CN')).toMatch(/^2026年11月24日, (22:30|晚上10:30|下午10:30)$/);
  });
});

describe('typed dates (dd/mm/aaaa)', () => {
  it('accepts the day first, with or without leading zeros, with / or -', () => {
    for (const text of ['2/12/2026', '02/12/2026', '02-12-2026', '2-12-2026', ' 2/12/2026 ', '2026-12-02']) {
      expect(parseTypedDate(text)).toEqual({ ok: true, fecha: '2026-12-02' });
    }
  });
  it('tells an impossible date from one not written as a date', () => {
    expect(parseTypedDate('31/02/2026')).toEqual({ ok: false, problem: 'impossible' });
    expect(parseTypedDate('29/02/2027')).toEqual({ ok: false, problem: 'impossible' });
    expect(parseTypedDate('29/02/2028')).toEqual({ ok: true, fecha: '2028-02-29' });
    expect(parseTypedDate('12/13/2026')).toEqual({ ok: false, problem: 'impossible' });
    expect(parseTypedDate('2 dic 2026')).toEqual({ ok: false, problem: 'format' });
    expect(parseTypedDate('2/12/26')).toEqual({ ok: false, problem: 'format' });
  });
  it('says exactly what is wrong with a past, too far, unavailable or impossible date', () => {
    const rules = { min: '2026-11-26', max: '2027-05-25', excluded: ['2026-12-02'] };
    expect(checkTypedDate('', rules)).toEqual({ fecha: '', message: null });
    expect(checkTypedDate('3-12-2026', rules)).toEqual({ fecha: '2026-12-03', message: null });
    expect(checkTypedDate('25/11/2026', rules).message).toBe(messages.datePast);
    expect(checkTypedDate('2/12/2026', rules).message).toBe(messages.dateUnavailable);
    expect(checkTypedDate('2/12/2026', { ...rules, excludedMessage: messages.dateAlreadyBlocked }).message).toBe(messages.dateAlreadyBlocked);
    expect(checkTypedDate('1/1/2028', rules).message).toBe(messages.dateTooFar);
    expect(checkTypedDate('31/02/2026', rules).message).toBe(messages.dateImpossible);
    expect(checkTypedDate('mañana', rules).message).toBe(messages.dateTypedFormat);
  });
  it('shows a chosen day as dd/mm/aaaa', () => {
    expect(toTypedDate('2026-12-02')).toBe('02/12/2026');
  });
});
