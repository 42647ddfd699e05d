import { z } from 'zod/mini';
import {
  MAX_RANGES_PER_DAY,
  WEEKDAY_KEYS,
  clinicHoursOfWeekday,
  rangeProblem,
  rangesOverlap,
  type RangeProblem,
  type WeekdayKey,
} from '../doctor-hours.js';
import { clinicHoursOn, isCalendarDate } from '../appointment-slots.js';
import { messages } from '../messages.js';
import { APPOINTMENT_STATES, isoDateField } from './appointments.schema.js';
import { lazySchema } from './lazy-schema.js';

/** Each doctor's weekly hours and partial-day blocks (issue 24, decision 0048): form, route and test share these. */

export const RANGE_PROBLEM_MESSAGES: Record<RangeProblem, string> = {
  off_grid: messages.weeklyHoursOffGrid,
  inverted: messages.weeklyHoursInverted,
  outside_clinic: messages.weeklyHoursOutsideClinic,
};

const hourEnd = lazySchema(() => z.string({ error: messages.weeklyHoursOffGrid }).check(z.trim(), z.maxLength(5, messages.weeklyHoursOffGrid)));

export const hourRangeSchema = lazySchema(() => z.strictObject({ desde: hourEnd, hasta: hourEnd }));

/** One day's ranges: on the grid, inside the clinic's hours of that weekday, not overlapping. */
const dayRanges = (day: number) =>
  z.array(hourRangeSchema, { error: messages.missingFields }).check(
    z.maxLength(MAX_RANGES_PER_DAY, messages.weeklyHoursTooMany),
    z.superRefine((ranges, ctx) => {
      const clinic = clinicHoursOfWeekday(day);
      ranges.forEach((r, i) => {
        const problem = rangeProblem(r, clinic);
        if (problem) ctx.addIssue({ code: 'custom', message: RANGE_PROBLEM_MESSAGES[problem], path: [i] });
      });
      if (ranges.every((r) => rangeProblem(r, clinic) === null) && rangesOverlap(ranges)) {
        ctx.addIssue({ code: 'custom', message: messages.weeklyHoursOverlap });
      }
    }),
  );

const weekShape = Object.fromEntries(WEEKDAY_KEYS.map((key, day) => [key, dayRanges(day)])) as Record<WeekdayKey, ReturnType<typeof dayRanges>>;

/** The week: every day's ranges (an empty list: the doctor does not see patients that day). */
export const weeklyHoursSchema = lazySchema(() => z.strictObject(weekShape, { error: messages.missingFields }));

/** PUT of the weekly hours; `confirmar` once the doctor has seen the appointments it leaves outside. */
export const weeklyHoursUpdateSchema = lazySchema(() => z.strictObject({
  horario: weeklyHoursSchema,
  confirmar: z.optional(z.boolean()),
}));
export type WeeklyHoursUpdate = z.infer<typeof weeklyHoursUpdateSchema>;

/** GET of the weekly hours: `predeterminado` when the doctor set none (the clinic's hours apply). */
export const weeklyHoursViewSchema = lazySchema(() => z.object({ horario: weeklyHoursSchema, predeterminado: z.boolean() }));
export type WeeklyHoursView = z.infer<typeof weeklyHoursViewSchema>;

/** An appointment a change would leave outside the doctor's hours: who, when, and its N.º. */
export const affectedAppointmentSchema = lazySchema(() => z.object({
  numero: z.number().check(z.int()),
  fecha: z.string(),
  hora: z.string(),
  nombre: z.string(),
  apellido: z.string(),
  estado: z.enum(APPOINTMENT_STATES),
}));
export type AffectedAppointment = z.infer<typeof affectedAppointmentSchema>;

/** Answer of a weekly-hours change: `aplicado` false with the affected appointments until confirmed. */
export const weeklyHoursResultSchema = lazySchema(() => z.object({
  success: z.literal(true),
  aplicado: z.boolean(),
  message: z.string(),
  citas: z.array(affectedAppointmentSchema),
}));
export type WeeklyHoursResult = z.infer<typeof weeklyHoursResultSchema>;

export const doctorIdParamsSchema = lazySchema(() => z.object({ id: z.string().check(z.uuid(messages.invalidChoice)) }));

/**
 * A block of a date (ingresar_fechas.php's `date`), the whole day or, with `desde` and `hasta`,
 * part of it: on the grid and inside the clinic's hours of that date.
 */
export const blockDateSchema = lazySchema(() => z
  .strictObject({
    date: isoDateField,
    desde: z.optional(hourEnd),
    hasta: z.optional(hourEnd),
    confirmar: z.optional(z.boolean()),
  })
  .check(
    z.superRefine((b, ctx) => {
      const given = [b.desde, b.hasta].filter((v) => v !== undefined && v !== '').length;
      if (given === 0) return;
      if (given === 1) {
        ctx.addIssue({ code: 'custom', message: messages.blockRangeIncomplete, path: [b.desde ? 'hasta' : 'desde'] });
        return;
      }
      // An object's refinement runs even when a field failed: a date that is not one already has its
      // own issue (invalidDate), and clinicHoursOn would throw on it (a 500 instead of the 400).
      if (!isCalendarDate(b.date)) return;
      const problem = rangeProblem({ desde: b.desde!, hasta: b.hasta! }, clinicHoursOn(b.date));
      if (problem) ctx.addIssue({ code: 'custom', message: RANGE_PROBLEM_MESSAGES[problem], path: ['desde'] });
    }),
  ));
export type BlockDate = z.infer<typeof blockDateSchema>;
