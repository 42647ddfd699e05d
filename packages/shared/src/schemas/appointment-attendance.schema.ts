import { z } from 'zod/mini';
import { messages } from '../messages.js';
import { SERVICES } from '../constants.js';
import { APPOINTMENT_STATES } from './appointments.schema.js';
import { lazySchema } from './lazy-schema.js';

/**
 * The reminder's one-tap answer (issue 24, item 7, decision 0052): the page the mailed link opens.
 * The token travels in the fragment (`#token=`), so it reaches neither server logs nor a Referer.
 */
export const ATTENDANCE_PATH = '/confirmar-asistencia';

/** Opening or using the link: its token, 32 random bytes in base64url (43 characters). */
export const attendanceTokenSchema = lazySchema(() => z.strictObject({
  token: z
    .string({ error: messages.attendanceLinkInvalid })
    .check(z.trim(), z.regex(/^[A-Za-z0-9_-]{43}$/, messages.attendanceLinkInvalid)),
}));
export type AttendanceToken = z.infer<typeof attendanceTokenSchema>;

/**
 * What the link's page shows: the appointment, never the patient's name (the link may be
 * forwarded or read over a shoulder), and whether attendance is already confirmed.
 */
export const attendanceViewSchema = lazySchema(() => z.object({
  fecha: z.string(),
  hora: z.string(),
  servicio: z.enum(SERVICES),
  doctor: z.string(),
  estado: z.enum(APPOINTMENT_STATES),
  asistencia_confirmada_at: z.nullable(z.string()),
}));
export type AttendanceView = z.infer<typeof attendanceViewSchema>;

/** Answer of the confirmation: the message and the appointment as it now is. */
export const attendanceConfirmResultSchema = lazySchema(() => z.object({
  success: z.literal(true),
  message: z.string(),
  cita: attendanceViewSchema,
}));
export type AttendanceConfirmResult = z.infer<typeof attendanceConfirmResultSchema>;
