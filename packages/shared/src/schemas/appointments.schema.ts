import { z } from 'zod/mini';
import { safeMultilineText, safeText } from './text.schema.js';
import { isCalendarDate } from '../appointment-slots.js';
import { SERVICES } from '../constants.js';
import { messages } from '../messages.js';
import { requiredChoice, requiredText } from './auth.schema.js';
import { PAYMENT_METHODS, PAYMENT_STATES, RECEIPT_METHODS, REFUND_STATES, montoField, paypalApprovalShape } from './payments.schema.js';
import { pageQuerySchema } from './records.schema.js';
import { noShowStatusSchema } from './no-show.schema.js';
import { lazySchema } from './lazy-schema.js';

/** In-person appointments: the request and its payment, the lists and details, the doctors' unavailable dates. */

/** reservada: held during a PayPal checkout; pendiente: receipt waiting for review; confirmada: paid; cancelada: slot freed. */
export const APPOINTMENT_STATES = ['reservada', 'pendiente', 'confirmada', 'cancelada'] as const;
export type AppointmentState = (typeof APPOINTMENT_STATES)[number];

/** Who cancelled: the patient, an administrator, the rejection of the payment, or an unpaid PayPal hold that lapsed. */
export const CANCELLED_BY = ['paciente', 'administrador', 'pago_rechazado', 'reserva_vencida'] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];

/** A calendar date yyyy-MM-dd ('2025-02-30' is not one). */
export const isoDateField = lazySchema(() => safeText({ error: messages.missingFields }).check(
  z.trim(),
  z.minLength(1, messages.missingFields),
  z.refine(isCalendarDate, messages.invalidDate),
));

/** A time HH:mm; whether it is a slot ('HH:00' inside clinic hours) is the slot rules' call. */
export const slotHourField = lazySchema(() => safeText({ error: messages.missingFields }).check(
  z.trim(),
  z.minLength(1, messages.missingFields),
  z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, messages.invalidTime),
));

/** A waitlist offer's link token (random base64url); defined here, where the booking requests use it. */
export const waitlistOfferToken = lazySchema(() => safeText().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, messages.waitlistOfferMismatch)));

const doctorIdField = lazySchema(() => safeText({ error: messages.missingFields }).check(
  z.trim(),
  z.minLength(1, messages.missingFields),
  z.uuid(messages.invalidChoice),
));

/** The form's fields (docs/spec/patient-and-public.md, section 3, "In-person appointment request"); the doctor's id is `id_doctor`. */
export const appointmentRequestShape = lazySchema(() => ({
  servicio: requiredChoice(SERVICES),
  id_doctor: doctorIdField,
  fecha: isoDateField,
  hora: slotHourField,
  mensaje: requiredText(2000, true),
}));

export const appointmentRequestSchema = lazySchema(() => z.strictObject(appointmentRequestShape));
export type AppointmentRequest = z.infer<typeof appointmentRequestSchema>;
export type AppointmentRequestInput = z.input<typeof appointmentRequestSchema>;

/** PayPal step 1: the order for the server's price; the slot is held while the patient pays. */
export const appointmentPaypalOrderSchema = lazySchema(() => z.strictObject({
  ...appointmentRequestShape,
  metodo_de_pago: z.literal('Paypal o Tarjeta', { error: messages.invalidChoice }),
  monto: montoField,
  /** A waitlist offer's token when booking the hour it offered (decision 0050): its refusals speak of the offer. */
  oferta: z.optional(waitlistOfferToken),
}));
export type AppointmentPaypalOrder = z.infer<typeof appointmentPaypalOrderSchema>;

/** pago_paypal.php: monto, servicio, mensaje, fecha, hora, id_doctor, orderID, payerID. */
export const appointmentPaypalCaptureSchema = lazySchema(() => z.strictObject({
  ...appointmentRequestShape,
  monto: montoField,
  ...paypalApprovalShape,
}));
export type AppointmentPaypalCapture = z.infer<typeof appointmentPaypalCaptureSchema>;

/** pago_yappy_y_tranferencia.php (multipart; the receipt travels as `comprobante_tranferencia`). */
export const appointmentReceiptSchema = lazySchema(() => z.strictObject({
  ...appointmentRequestShape,
  metodo_de_pago: requiredChoice(RECEIPT_METHODS),
  monto: montoField,
  oferta: z.optional(waitlistOfferToken),
}));
export type AppointmentReceipt = z.infer<typeof appointmentReceiptSchema>;

/** Answer of a booking: its token (PayPal: confirmed; receipt: pending review). */
export const appointmentSubmittedSchema = lazySchema(() => z.object({
  success: z.literal(true),
  status: z.literal('success'),
  message: z.string(),
  token: z.string(),
  estado: z.enum(APPOINTMENT_STATES),
  /** A transfer/Yappy booking: until when its slot is held for the receipt's approval (decision 0050). */
  reservada_hasta: z.nullable(z.string()),
}));
export type AppointmentSubmitted = z.infer<typeof appointmentSubmittedSchema>;

/** obtener_fechas_disponibles.php?id: the doctor's unavailable dates. */
export const blockedDatesQuerySchema = lazySchema(() => z.object({ id: doctorIdField }));
export const blockedDatesSchema = lazySchema(() => z.array(z.string()));

/** obtener_horas_disponibles.php?fecha&id: the free hours of the doctor on that date. */
export const freeHoursQuerySchema = lazySchema(() => z.object({ id: doctorIdField, fecha: isoDateField }));
export const freeHoursSchema = lazySchema(() => z.array(z.string()));

const paymentSummary = lazySchema(() => z.object({
  metodo_de_pago: z.enum(PAYMENT_METHODS),
  monto: z.number(),
  estado: z.enum(PAYMENT_STATES),
  motivo_rechazo: z.nullable(z.string()),
  /** Owed back or returned (issue 20): shown instead of the payment's state. */
  reembolso: z.nullable(z.enum(REFUND_STATES)),
}));

const rowBase = lazySchema(() => ({
  id: z.string(),
  token: z.string(),
  /** The short human reference ("N.º 000123"), decision 0045. */
  numero: z.number().check(z.int()),
  nombre: z.string(),
  apellido: z.string(),
  fecha: z.string(),
  hora: z.string(),
  servicio: z.enum(SERVICES),
  estado: z.enum(APPOINTMENT_STATES),
  doctor: z.string(),
}));

/** A row of /Citas_usuario, /Citas_Admin_Doctor and /Citas_Admin. */
export const appointmentRowSchema = lazySchema(() => z.object({
  ...rowBase,
  metodo_de_pago: z.nullable(z.enum(PAYMENT_METHODS)),
  estado_pago: z.nullable(z.enum(PAYMENT_STATES)),
  /** True when the patient may still cancel it (active, more than 24 hours ahead). */
  cancelable: z.boolean(),
  /** While 'pendiente': until when the slot is held for the receipt's approval (ISO instant; decision 0050). */
  reservada_hasta: z.nullable(z.string()),
  /** When the patient confirmed attendance from a reminder's link (decision 0052); null until then. */
  asistencia_confirmada_at: z.nullable(z.string()),
  // Issue 24, decision 0049: moves so far, attendance and how cancelled (the state in words:
  // appointmentStateText), and whether the patient may still move it (the notice window).
  secuencia: z.number().check(z.int()),
  /** Moved at least once (the state reads 'Reprogramada', also while its payment waits). */
  reprogramada: z.boolean(),
  asistencia: z.nullable(z.enum(['asistio', 'no_asistio'])),
  cancelada_por: z.nullable(z.enum(CANCELLED_BY)),
  motivo_cancelacion: z.nullable(z.string()),
  reprogramable: z.boolean(),
}));
export type AppointmentRow = z.infer<typeof appointmentRowSchema>;

/**
 * Paging of the three appointment lists (docs/decisions/0022): the opaque cursor of the next
 * page and the rows a page holds (PAGE_SIZE unless told, at most MAX_PAGE_SIZE). The answer is
 * `pageSchema(appointmentRowSchema)`: {items, next_cursor}, like the other paged staff lists.
 */
export const appointmentPageQuerySchema = pageQuerySchema;
export type AppointmentPageQuery = z.infer<typeof appointmentPageQuerySchema>;


/** The detail modal (nombre, apellido, correo, telefono, fecha, hora, servicio, mensaje, created_at, token, id). */
export const appointmentDetailSchema = lazySchema(() => z.extend(appointmentRowSchema, {
  correo: z.string(),
  telefono: z.string(),
  mensaje: z.string(),
  created_at: z.string(),
  /** Staff only: null for the patient (staff e-mail addresses are not for patients; decision 0049, session 10). */
  correo_doctor: z.nullable(z.string()),
  /** The doctor's id: the reschedule form reads that doctor's free hours (decision 0049). */
  id_doctor: z.string(),
  /** Staff only (null for the patient): how many appointments of this patient were marked no-show. */
  inasistencias: z.nullable(z.number().check(z.int())),
  /** Staff only (null for the patient): the count and the prepay policy, for the words. */
  estado_inasistencias: z.nullable(noShowStatusSchema),
  /** Staff only: whether attendance can be marked now (the hour started, confirmed, not cancelled). */
  asistencia_marcable: z.boolean(),
  pago: z.nullable(paymentSummary),
}));
export type AppointmentDetail = z.infer<typeof appointmentDetailSchema>;

/** An administrator cancels an appointment (a rejected transfer, say), with the reason the patient reads. */
export const appointmentCancelSchema = lazySchema(() => z.strictObject({
  motivo: safeMultilineText({ error: messages.cancelReasonRequired }).check(
    z.trim(),
    z.minLength(1, messages.cancelReasonRequired),
    z.maxLength(500, messages.fieldTooLong),
  ),
}));
export type AppointmentCancel = z.infer<typeof appointmentCancelSchema>;

/** An appointment already held on a date the doctor wants to block. */
export const heldAppointmentSchema = lazySchema(() => z.object({
  hora: z.string(),
  nombre: z.string(),
  apellido: z.string(),
  estado: z.enum(APPOINTMENT_STATES),
  /** The N.º and the date (a block of part of a day lists them like a weekly-hours change). */
  numero: z.number().check(z.int()),
  fecha: z.string(),
}));
export type HeldAppointment = z.infer<typeof heldAppointmentSchema>;

/**
 * Answer of a block: `bloqueada` true when done; false with the appointments held that day and the
 * warning, when the doctor must confirm first.
 */
export const blockDateResultSchema = lazySchema(() => z.object({
  success: z.literal(true),
  bloqueada: z.boolean(),
  message: z.string(),
  citas: z.array(heldAppointmentSchema),
}));
export type BlockDateResult = z.infer<typeof blockDateResultSchema>;

/**
 * The doctor's own unavailable dates, today and later, with how many appointments each holds in
 * the blocked hours; `desde` and `hasta` null for a whole day, else the blocked part of it.
 */
export const doctorBlockedDateSchema = lazySchema(() => z.object({
  fecha: z.string(),
  desde: z.nullable(z.string()),
  hasta: z.nullable(z.string()),
  citas: z.number(),
}));
export const doctorBlockedDatesSchema = lazySchema(() => z.array(doctorBlockedDateSchema));
export type DoctorBlockedDate = z.infer<typeof doctorBlockedDateSchema>;

export const blockedDateParamsSchema = lazySchema(() => z.object({ fecha: isoDateField }));
/** Which block of the date to lift: a part of it (`desde`, `hasta`) or, without them, the whole day. */
export const blockedDateQuerySchema = lazySchema(() => z.object({
  desde: z.optional(z.string().check(z.maxLength(5))),
  hasta: z.optional(z.string().check(z.maxLength(5))),
}));

/** Reschedule (issue 24, decision 0049): the new date and hour of the same doctor and service. */
export const appointmentRescheduleSchema = lazySchema(() => z.strictObject({
  fecha: isoDateField,
  hora: slotHourField,
}));
export type AppointmentReschedule = z.infer<typeof appointmentRescheduleSchema>;

/** Attended or no-show, marked by the doctor or an administrator after the hour started. */
export const appointmentAttendanceSchema = lazySchema(() => z.strictObject({
  asistencia: z.enum(['asistio', 'no_asistio'], { error: messages.appointmentAttendanceInvalid }),
}));
export type AppointmentAttendanceInput = z.infer<typeof appointmentAttendanceSchema>;

/** Whether the signed-in patient may book with a receipt (the no-show policy), for /citas before they choose. */
export const bookingPolicySchema = lazySchema(() => z.object({
  solo_pago_inmediato: z.boolean(),
  message: z.nullable(z.string()),
}));
export type BookingPolicy = z.infer<typeof bookingPolicySchema>;
