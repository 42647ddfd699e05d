import { describe, expect, it } from 'vitest';
import { clinicWeeklyHours, doctorSlotsOn, outsideWeeklyHours, rangeProblem, rangesOverlap, type WeeklyHours } from './doctor-hours.js';
import { freeHours, slotsOn } from './appointment-slots.js';
import { weeklyHoursSchema } from './schemas/doctor-hours.schema.js';
import { messages } from './messages.js';

// The doctor's bookable slots of a date (issue 24, decision 0048). 2026-11-24 is a Tuesday, 2026-11-26 a Thursday, 2026-11-29 a Sunday.
const TUE = '2026-11-24';
const THU = '2026-11-26';
const SUN = '2026-11-29';
const week = (over: Partial<WeeklyHours>): WeeklyHours => ({ lunes: [], martes: [], miercoles: [], jueves: [], viernes: [], sabado: [], domingo: [], ...over });

describe('doctorSlotsOn', () => {
  it('no weekly hours: every clinic slot, weekdays and weekends', () => {
    expect(doctorSlotsOn(TUE, null)).toEqual(slotsOn(TUE));
    expect(doctorSlotsOn(SUN, null)).toEqual(slotsOn(SUN));
    expect(doctorSlotsOn(TUE, clinicWeeklyHours())).toEqual(slotsOn(TUE));
  });

  it('a range includes its first hour and ends before its last', () => {
    const w = week({ martes: [{ desde: '14:00', hasta: '18:00' }] });
    expect(doctorSlotsOn(TUE, w)).toEqual(['14:00', '15:00', '16:00', '17:00']);
    expect(doctorSlotsOn(THU, w)).toEqual([]);
    expect(outsideWeeklyHours(TUE, '13:00', w)).toBe(true);
    expect(outsideWeeklyHours(TUE, '17:00', w)).toBe(false);
    expect(outsideWeeklyHours(TUE, '18:00', w)).toBe(true);
  });

  it('partial blocks remove their hours; a whole-day block removes the day', () => {
    const blocks = [{ desde: '09:00', hasta: '11:00' }];
    const slots = doctorSlotsOn(THU, null, blocks);
    expect(slots).toContain('08:00');
    expect(slots).toContain('11:00');
    expect(slots).not.toContain('09:00');
    expect(slots).not.toContain('10:00');
    expect(doctorSlotsOn(THU, null, [{ desde: null, hasta: null }])).toEqual([]);
  });

  it('the slot rule refuses an hour the doctor does not work as doctor_off, and lists only their hours', () => {
    const now = Date.parse('2026-11-23T06:00:00-05:00');
    const hours = new Set(doctorSlotsOn(TUE, week({ martes: [{ desde: '14:00', hasta: '16:00' }] })));
    expect(freeHours(TUE, { now, blocked: false, held: new Set(['15:00']), hours })).toEqual(['14:00']);
  });
});

describe('weekly hours schema', () => {
  it('refuses ranges off the grid, inverted, outside the clinic hours (weekend hours on Sunday) or overlapping', () => {
    expect(rangeProblem({ desde: '08:30', hasta: '10:00' }, { open: 8, close: 22 })).toBe('off_grid');
    expect(rangeProblem({ desde: '10:00', hasta: '10:00' }, { open: 8, close: 22 })).toBe('inverted');
    expect(rangesOverlap([{ desde: '08:00', hasta: '12:00' }, { desde: '12:00', hasta: '13:00' }])).toBe(false);
    const sunday = weeklyHoursSchema.safeParse(week({ domingo: [{ desde: '09:00', hasta: '18:00' }] }));
    expect(sunday.success ? null : sunday.error.issues[0]?.message).toBe(messages.weeklyHoursOutsideClinic);
    const overlap = weeklyHoursSchema.safeParse(week({ lunes: [{ desde: '08:00', hasta: '12:00' }, { desde: '09:00', hasta: '10:00' }] }));
    expect(overlap.success ? null : overlap.error.issues[0]?.message).toBe(messages.weeklyHoursOverlap);
    expect(weeklyHoursSchema.safeParse(clinicWeeklyHours()).success).toBe(true);
  });
});
