import { z } from 'zod/mini';
import { safeMultilineText, safeText } from './text.schema.js';
import { SERVICES } from '../constants.js';
import { messages } from '../messages.js';
import { emailField, requiredChoice } from './auth.schema.js';
import { CONSULTATION_STATES, PAYMENT_VIEW_STATES } from '../consultation-state.js';
import { clinicalHistoryFieldsShape } from './clinical-history.schema.js';
import { consultationCallsField } from './consultation-call.schema.js';
import { PAYMENT_METHODS, PAYMENT_STATES, RECEIPT_METHODS, montoField, paypalApprovalShape } from './payments.schema.js';
import { lazySchema } from './lazy-schema.js';

/** Virtual consultation request, its payment, its authorisation and the staff screens. */

/** The history sections after `sintomas`: each is filled or marked not applicable. */
export const HISTORY_SECTIONS = [
  'antecedentesFamiliares',
  'antecedentesPersonales',
  'antecedentesQuirurgicos',
  'alergias',
  'otrosDatos',
] as const;
export type HistorySection = (typeof HISTORY_SECTIONS)[number];

/** A section marked not applicable is stored as this text (docs/spec/patient-and-public.md, section 3). */
export const NOT_APPLICABLE_TEXT = messages.notApplicable;

const MAX_TEXT = 4000;
const sectionText = lazySchema(() => safeMultilineText({ error: messages.fillOrTick }).check(
  z.trim(),
  z.minLength(1, messages.fillOrTick),
  z.maxLength(MAX_TEXT, messages.fieldTooLong),
));

export const consultationHistoryShape = lazySchema(() => ({
  sintomas: safeMultilineText({ error: messages.missingFields }).check(
    z.trim(),
    z.minLength(1, messages.missingFields),
    z.maxLength(MAX_TEXT, messages.fieldTooLong),
  ),
  antecedentesFamiliares: sectionText,
  antecedentesPersonales: sectionText,
  antecedentesQuirurgicos: sectionText,
  alergias: sectionText,
  otrosDatos: sectionText,
}));

const choiceShape = lazySchema(() => ({
  servicio: requiredChoice(SERVICES),
  doctor_id: safeText({ error: messages.missingFields }).check(z.trim(), z.minLength(1, messages.missingFields), z.uuid(messages.invalidChoice)),
}));

/** The data form: service, doctor and the history sections. */
export const consultationRequestSchema = lazySchema(() => z.strictObject({ ...choiceShape, ...consultationHistoryShape }));
export type ConsultationRequest = z.infer<typeof consultationRequestSchema>;
export type ConsultationRequestInput = z.input<typeof consultationRequestSchema>;

/** Consent: ticking the box sends 'si' (or 'no'); the server records it with its time. */
export const consentSchema = lazySchema(() => z.strictObject({ aceptar: z.enum(['si', 'no'], { error: messages.invalidChoice }) }));
export type Consent = z.infer<typeof consentSchema>;

/** PayPal order for a consultation ("update session for PayPal": metodo_de_pago and monto). */
export const consultationPaypalOrderSchema = lazySchema(() => z.strictObject({
  ...choiceShape,
  metodo_de_pago: z.literal('Paypal o Tarjeta', { error: messages.invalidChoice }),
  monto: montoField,
}));
export type ConsultationPaypalOrder = z.infer<typeof consultationPaypalOrderSchema>;

/** "Verify PayPal payment": the history fields, the doctor and PayPal's orderID and payerID. */
export const consultationPaypalCaptureSchema = lazySchema(() => z.strictObject({
  ...choiceShape,
  ...consultationHistoryShape,
  ...paypalApprovalShape,
}));
export type ConsultationPaypalCapture = z.infer<typeof consultationPaypalCaptureSchema>;

/** "Update session for transfer or Yappy" (multipart; the receipt file travels beside these fields). */
export const consultationReceiptSchema = lazySchema(() => z.strictObject({
  ...choiceShape,
  ...consultationHistoryShape,
  metodo_de_pago: requiredChoice(RECEIPT_METHODS),
  monto: montoField,
}));
export type ConsultationReceipt = z.infer<typeof consultationReceiptSchema>;

/** Answer of a consultation request: its token, and whether the chat is open already (PayPal). */
export const consultationSubmittedSchema = lazySchema(() => z.object({
  success: z.literal(true),
  status: z.literal('success'),
  message: z.string(),
  token: z.string(),
  chat: z.boolean(),
}));
export type ConsultationSubmitted = z.infer<typeof consultationSubmittedSchema>;

/** Session check of the consultation page: usuario_id, and whether requests are accepted now. */
export const consultationSessionSchema = lazySchema(() => z.object({
  usuario_id: z.string(),
  abierto: z.boolean(),
  mensaje: z.nullable(z.string()),
}));
export type ConsultationSession = z.infer<typeof consultationSessionSchema>;

/** States of the waiting page's 5-second poll. */
export const AUTHORISATION_STATES = ['sin_consulta', 'pendiente', 'autorizada', 'emergencia', 'rechazada', 'sin_permiso', 'cerrada'] as const;
export type AuthorisationState = (typeof AUTHORISATION_STATES)[number];

/** "Consultation authorisation check every 5 s": `authenticated` is true once the chat is allowed. */
export const authorisationStatusSchema = lazySchema(() => z.object({
  authenticated: z.boolean(),
  estado: z.enum(AUTHORISATION_STATES),
  message: z.nullable(z.string()),
  token: z.nullable(z.string()),
}));
export type AuthorisationStatus = z.infer<typeof authorisationStatusSchema>;

/** Chat session check: usuario_id, correo, nombre, apellido, pago, api (and which consultation). */
export const chatSessionSchema = lazySchema(() => z.object({
  usuario_id: z.string(),
  correo: z.string(),
  nombre: z.string(),
  apellido: z.string(),
  /** True: the consultation's payment is authorised. */
  pago: z.boolean(),
  /** Address of the chat the page connects to (the product's own by default). */
  api: z.string(),
  consulta_id: z.string(),
  consulta_token: z.string(),
}));
export type ChatSession = z.infer<typeof chatSessionSchema>;

export const doctorsQuerySchema = lazySchema(() => z.object({ servicio: requiredChoice(SERVICES) }));
/** getDoctores.php: a doctor as the lists show it. */
/** A doctor as patients see them: name and service, never the e-mail (issue 18). */
export const doctorListItemSchema = lazySchema(() => z.object({ id: z.string(), nombre: z.string(), servicio: z.enum(SERVICES) }));
export type DoctorListItem = z.infer<typeof doctorListItemSchema>;

// ---- staff screens ----------------------------------------------------------------------------

/** The administrator's classification: 'Quitar Permiso', tipo_a (low risk), tipo_b (urgent), tipo_c (emergency). */
export const TIPOS_DE_CONSULTA = ['quitar_permiso', 'tipo_a', 'tipo_b', 'tipo_c'] as const;
export type TipoDeConsulta = (typeof TIPOS_DE_CONSULTA)[number];

// Classic's z.preprocess(fn, schema) is this pipe (mini has no preprocess).
const zeroOrOne = lazySchema(() => z.pipe(
  z.transform((v: unknown) => (v === '0' || v === '1' ? Number(v) : typeof v === 'boolean' ? Number(v) : v)),
  z.union([z.literal(0), z.literal(1)], { error: messages.invalidChoice }),
));

/** actualizar_consulta.php: consulta_id, correo (the patient's), tipo_consulta, estado_consulta. */
export const consultationClassificationSchema = lazySchema(() => z.strictObject({
  consulta_id: safeText({ error: messages.missingFields }).check(z.uuid(messages.invalidRequest)),
  correo: emailField,
  tipo_consulta: requiredChoice(TIPOS_DE_CONSULTA),
  estado_consulta: zeroOrOne,
}));
export type ConsultationClassification = z.infer<typeof consultationClassificationSchema>;
export type ConsultationClassificationInput = z.input<typeof consultationClassificationSchema>;

/**
 * A consultation's state for every screen (issue 20, decision 0031): the state's key, the type of
 * an authorisation, the reason of a rejected payment, the seconds left while in chat, and the
 * payment's state as staff see it. Added beside the specification's fields, none renamed.
 */
export const consultationStateShape = lazySchema(() => ({
  estado: z.enum(CONSULTATION_STATES),
  estado_tipo: z.nullable(z.enum(['A', 'B'])),
  motivo_rechazo: z.nullable(z.string()),
  tiempo_restante: z.nullable(z.number().check(z.int())),
  estado_pago_vista: z.enum(PAYMENT_VIEW_STATES),
}));

/** A row of the consultation lists. */
export const consultationRowSchema = lazySchema(() => z.object({
  ...consultationStateShape,
  id: z.string(),
  token: z.string(),
  /** The short human reference ("N.º 000123"), decision 0045. */
  numero: z.number().check(z.int()),
  token_encrypt: z.string(),
  nombre: z.string(),
  apellido: z.string(),
  cedula: z.string(),
  correo: z.string(),
  servicio: z.enum(SERVICES),
  /**
   * The doctor's e-mail address: staff only (the administrators' views). Null for the patient:
   * staff e-mail addresses are not for patients, who read the doctor's name and specialty
   * (decision 0049, session 10; it differs from the specification's patient field list on purpose).
   */
  correo_doctor: z.nullable(z.string()),
  nombre_doctor: z.string(),
  /** The doctor's specialty as their profile says it (decision 0041); null until filled. */
  especialidad_doctor: z.nullable(z.string()),
  fecha_registro: z.string(),
  tipo_de_consulta: z.nullable(z.enum(TIPOS_DE_CONSULTA)),
  estado_consulta: z.union([z.literal(0), z.literal(1)]),
  revisado: z.union([z.literal(0), z.literal(1)]),
  metodo_de_pago: z.enum(PAYMENT_METHODS),
  estado_pago: z.enum(PAYMENT_STATES),
}));
export type ConsultationRow = z.infer<typeof consultationRowSchema>;

const consultationPaymentSchema = lazySchema(() => z.object({
  token: z.string(),
  /** The short human reference ("N.º 000123"), decision 0045. */
  numero: z.number().check(z.int()),
  metodo_de_pago: z.enum(PAYMENT_METHODS),
  monto: z.number(),
  estado: z.enum(PAYMENT_STATES),
  motivo_rechazo: z.nullable(z.string()),
  Link_Comprobante: z.nullable(z.string()),
  Nombre_Comprobante: z.nullable(z.string()),
}));

/** The whole consultation (docs/spec/patient-and-public.md and docs/spec/staff.md, section 3). */
export const consultationDetailSchema = lazySchema(() => z.extend(consultationRowSchema, {
  nacionalidad: z.string(),
  genero: z.string(),
  edad: z.number(),
  direccion: z.string(),
  celular: z.string(),
  ...clinicalHistoryFieldsShape,
  /** Download address of the exam file, or null. */
  archivo_examenes_encrypted: z.nullable(z.string()),
  imagenes: z.array(z.object({ url: z.string(), nombre: z.string() })),
  permiso_chat: z.boolean(),
  pago: consultationPaymentSchema,
}));
export type ConsultationDetail = z.infer<typeof consultationDetailSchema>;

export const adminConsultationDetailSchema = lazySchema(() => z.extend(consultationDetailSchema, {
  pago: z.extend(consultationPaymentSchema, { posible_duplicado: z.boolean() }),
  /** The consultation's video calls (issue 25): start, end, minutes. */
  videollamadas: consultationCallsField,
}));
export type AdminConsultationDetail = z.infer<typeof adminConsultationDetailSchema>;

export const fileParamsSchema = lazySchema(() => z.object({
  token: safeText().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, messages.detailTokenMissing)),
  fileId: safeText().check(z.uuid(messages.notFound)),
}));
