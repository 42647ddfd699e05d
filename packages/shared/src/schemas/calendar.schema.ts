import { z } from 'zod';
import { messages } from '../messages.js';

/**
 * A doctor's private iCalendar feed (issue 24, decision 0051). The URL is a bearer secret kept
 * only as a hash, so it is shown once, when made; afterwards the page can only say one exists.
 */
export const calendarFeedStateSchema = z.object({
  activo: z.boolean(),
  /** When the current URL was made (ISO instant), or null without one. */
  creado_at: z.string().nullable(),
});
export type CalendarFeedState = z.infer<typeof calendarFeedStateSchema>;

/** The new URL, answered once by the call that makes it. */
export const calendarFeedCreatedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  url: z.string().url(),
});
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;

/** `/api/calendar/<token>.ics`: 32 random bytes in base64url, then the extension calendars expect. */
export const calendarFeedFileParamsSchema = z.object({
  file: z.string().regex(/^[A-Za-z0-9_-]{43}\.ics$/, messages.calendarFeedNotFound),
});
