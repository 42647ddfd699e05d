import { z } from 'zod/mini';
import { messages } from '../messages.js';
import { weeklyHoursSchema } from './doctor-hours.schema.js';
import { lazySchema } from './lazy-schema.js';

/**
 * A doctor's private iCalendar feed (issue 24, decision 0051). The URL is a bearer secret kept
 * only as a hash, so it is shown once, when made; afterwards the page can only say one exists.
 */
export const calendarFeedStateSchema = lazySchema(() => z.object({
  activo: z.boolean(),
  /** When the current URL was made (ISO instant), or null without one. */
  creado_at: z.nullable(z.string()),
}));
export type CalendarFeedState = z.infer<typeof calendarFeedStateSchema>;

/** The new URL, answered once by the call that makes it. */
export const calendarFeedCreatedSchema = lazySchema(() => z.object({
  success: z.literal(true),
  message: z.string(),
  url: z.string().check(z.url()),
}));
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;

/**
 * The feed's actions (make a new URL, revoke) take no input: the account comes from the session.
 * Anything sent is refused rather than ignored, so a forged or confused request writes nothing.
 */
export const calendarFeedActionSchema = lazySchema(() => z.nullish(z.strictObject({}, { error: messages.invalidRequest })));

/** `/api/calendar/<token>.ics`: 32 random bytes in base64url, then the extension calendars expect. */
export const calendarFeedFileParamsSchema = lazySchema(() => z.object({
  file: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}\.ics$/, messages.calendarFeedNotFound)),
}));

// --- the staff's week view (issue 24, item 6) ------------------------------------------------------

const isoDate = lazySchema(() => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, messages.invalidDate)));

/** ?desde=<any date of the week> (the server starts the week on that date's Monday); an administrator may name a doctor. */
export const calendarWeekQuerySchema = lazySchema(() => z.object({
  desde: isoDate,
  doctor: z.optional(z.string().check(z.uuid(messages.invalidChoice))),
}));
export type CalendarWeekQuery = z.infer<typeof calendarWeekQuerySchema>;

/** One week of one or every doctor: their working hours, their blocks and their appointments. */
export const calendarWeekSchema = lazySchema(() => z.object({
  /** Monday and Sunday of the week (Panama dates). */
  desde: isoDate,
  hasta: isoDate,
  doctores: z.array(
    z.object({
      id: z.string(),
      nombre: z.string(),
      /** Their weekly hours, or null: the clinic's hours apply. */
      horario: z.nullable(weeklyHoursSchema),
    }),
  ),
  citas: z.array(
    z.object({
      token: z.string(),
      numero: z.number().check(z.int()),
      doctor_id: z.string(),
      fecha: isoDate,
      hora: z.string(),
      estado: z.enum(['pendiente', 'confirmada']),
      /** With `asistencia`: the state in words, as the list and the patient read it (decision 0049). */
      reprogramada: z.boolean(),
      asistencia: z.nullable(z.enum(['asistio', 'no_asistio'])),
      servicio: z.string(),
      /** The patient's name: what the week shows; the details modal shows the rest. */
      paciente: z.string(),
    }),
  ),
  bloqueos: z.array(z.object({ doctor_id: z.string(), fecha: isoDate, desde: z.nullable(z.string()), hasta: z.nullable(z.string()) })),
}));
export type CalendarWeek = z.infer<typeof calendarWeekSchema>;
