import { z } from 'zod/mini';
import { otherOpenChatSchema } from './active-consultations.schema.js';
import { safeMultilineText, safeText } from './text.schema.js';
import { SERVICES } from '../constants.js';
import { messages } from '../messages.js';
import { requiredChoice } from './auth.schema.js';
import { RECEIPT_METHODS, montoField, paypalApprovalShape } from './payments.schema.js';
import { consultationStateShape } from './consultations.schema.js';
import { lazySchema } from './lazy-schema.js';

/** The chat consultation (issue 4): the health form, the chat's state, its messages and the extra hour. */

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v === null ? undefined : v);
const numberFrom = (v: unknown) => {
  const b = blankToUndefined(v);
  return typeof b === 'string' && /^\s*-?\d+([.,]\d+)?\s*$/.test(b) ? Number(b.replace(',', '.')) : b;
};

/**
 * Classic's `z.preprocess(fn, schema)`, which mini lacks: at run time the same pipe (the function,
 * then the schema), typed as classic types it, so that a field whose schema is optional stays
 * optional in the form's input type (a plain pipe would take its optional-ness from the function).
 */
const preprocess = <B extends z.core.$ZodType>(fn: (v: unknown) => unknown, schema: B) =>
  z.pipe(z.transform(fn), schema) as unknown as z.ZodMiniType<z.output<B>, unknown, z.core.$ZodPreprocessInternals<B, unknown>>;

// Classic's `.finite()` was a no-op (z.number() refuses Infinity and NaN by itself, with the same
// message), so it has no equivalent here.
const ranged = (min: number, max: number, message: string) =>
  preprocess(numberFrom, z.number({ error: message }).check(z.gte(min, message), z.lte(max, message)));
const optionalInt = (min: number, max: number, message: string) =>
  preprocess(
    numberFrom,
    z.optional(z.number({ error: message }).check(z.int(message), z.gte(min, message), z.lte(max, message))),
  );

/** The health form: peso (kg) and talla (m) required; blood pressure and rates optional. */
export const healthDataSchema = lazySchema(() => z.object({
  peso: ranged(0.5, 400, messages.pesoRange),
  talla: ranged(0.3, 2.6, messages.tallaRange),
  presion_arterial: preprocess(
    blankToUndefined,
    z.optional(
      safeText({ error: messages.presionArterialFormat }).check(
        z.trim(),
        z.regex(/^\d{2,3}\s*\/\s*\d{2,3}$/, messages.presionArterialFormat),
      ),
    ),
  ),
  frecuencia_cardiaca: optionalInt(20, 250, messages.frecuenciaCardiacaRange),
  frecuencia_respiratoria: optionalInt(4, 80, messages.frecuenciaRespiratoriaRange),
}));
export type HealthData = z.infer<typeof healthDataSchema>;
/** The form's raw values (strings from the inputs). */
export type HealthDataInput = z.input<typeof healthDataSchema>;

/** Answer of the health form: status and message, as the specification's call. */
export const healthDataResultSchema = lazySchema(() => z.object({ status: z.literal('success'), message: z.string() }));

/** The multipart field of the image upload, one file per call. */
export const CHAT_IMAGE_FIELD = 'image';
export const CHAT_MAX_IMAGES = 20;
export const CHAT_MESSAGE_MAX = 2000;

/** The patient's chat: the consultation, the hour kept by the server, and what was already sent. */
export const chatStateSchema = lazySchema(() => z.object({
  consulta_token: z.string(),
  servicio: z.enum(SERVICES),
  doctor: z.string(),
  /** Seconds left of the chat time, by the server's clock. */
  segundos_restantes: z.number().check(z.int()),
  /** null until the patient's chat opens (its socket's first join starts the hour). */
  ends_at: z.nullable(z.string()),
  /** The time was ended by closing the 'Área de Pagos' without paying: no more messages. */
  tiempo_cerrado: z.boolean(),
  /** Health data already sent (the form is then hidden and the image upload shown). */
  formulario_enviado: z.boolean(),
  imagenes: z.number().check(z.int()),
  /** Address of the WebSocket, relative to the site. */
  ws: z.string(),
  /** When the consultation was requested (the patient tells their chats apart by it). */
  fecha_registro: z.string(),
  /** The patient's other open chats, newest first: the page says they exist and links to each (decision 0032). */
  otras_abiertas: z.array(otherOpenChatSchema),
}));
export type ChatState = z.infer<typeof chatStateSchema>;

export const CHAT_ROLES = ['patient', 'doctor'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

/** A message as both sides see it; the sender is the server's, never the client's. */
export const chatMessageSchema = lazySchema(() => z.object({
  id: z.number().check(z.int()),
  de: z.enum(CHAT_ROLES),
  nombre: z.string(),
  texto: z.string(),
  fecha: z.string(),
  /** The id the sender's page made for it (decision 0033); null for messages older than issue 20. */
  cid: z.nullable(z.string()),
}));
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** The WebSocket's handshake query: the consultation's token, who is joining, and the last id the client has. */
export const chatSocketQuerySchema = lazySchema(() => z.object({
  consulta: safeText().check(z.minLength(10), z.maxLength(100)),
  rol: z.enum(CHAT_ROLES),
  since: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
}));

/** Client -> server. Anything else (a `de`, a `nombre`) is ignored: the server sets the sender. */
export const chatClientFrameSchema = lazySchema(() => z.object({
  type: z.literal('send'),
  texto: safeMultilineText().check(
    z.trim(),
    z.minLength(1, messages.chatMessageInvalid),
    z.maxLength(CHAT_MESSAGE_MAX, messages.chatMessageInvalid),
  ),
  /**
   * The id the page made for this message (a UUID, decision 0033), echoed in the acknowledgement
   * or the refusal. The server stores it once: a resend with the same id is answered with the
   * stored message, never written or delivered twice.
   */
  cid: z.uuid({ error: messages.chatMessageIdInvalid }),
}));

/** Server -> client. */
export type ChatServerFrame =
  | { type: 'history'; messages: ChatMessage[] }
  | { type: 'message'; message: ChatMessage }
  /** The stored message: the first sending's, also when this was a resend of the same cid. */
  | { type: 'ack'; cid: string; id: number; message: ChatMessage }
  | { type: 'error'; cid?: string; message: string }
  | { type: 'time'; segundos_restantes: number; ends_at: string; tiempo_cerrado: boolean }
  | { type: 'closed'; message: string };

/** The extra hour by PayPal: the order ("update session for PayPal") and its capture. */
export const extraHourOrderSchema = lazySchema(() => z.object({
  metodo_de_pago: z.literal('Paypal o Tarjeta', { error: messages.paypalPaymentFailed }),
  monto: montoField,
}));
export const extraHourCaptureSchema = lazySchema(() => z.object({ ...paypalApprovalShape }));
export const extraHourReceiptSchema = lazySchema(() => z.object({
  metodo_de_pago: requiredChoice(RECEIPT_METHODS),
  monto: montoField,
}));
export const extraHourResultSchema = lazySchema(() => z.object({
  success: z.literal(true),
  status: z.literal('success'),
  message: z.string(),
  /** True when the hour was added at once (PayPal); false while a receipt waits for approval. */
  aplicada: z.boolean(),
}));

export const exitResultSchema = lazySchema(() => z.object({ ok: z.literal(true), message: z.string() }));

/** The doctor's list of their chats. */
export const doctorChatRowSchema = lazySchema(() => z.object({
  /** The consultation's state in words on /Chat_Doctor (issue 20). */
  ...consultationStateShape,
  consulta_token: z.string(),
  paciente: z.string(),
  correo: z.string(),
  servicio: z.enum(SERVICES),
  fecha_registro: z.string(),
  /** null until the patient opens the chat. */
  segundos_restantes: z.nullable(z.number().check(z.int())),
  ultimo_mensaje: z.nullable(z.string()),
}));
export type DoctorChatRow = z.infer<typeof doctorChatRowSchema>;

/** One of the doctor's chats with the patient's health data and images. */
export const doctorChatDetailSchema = lazySchema(() => z.extend(doctorChatRowSchema, {
  sintomas: z.string(),
  peso: z.nullable(z.number()),
  talla: z.nullable(z.number()),
  presion_arterial: z.nullable(z.string()),
  frecuencia_cardiaca: z.nullable(z.string()),
  frecuencia_respiratoria: z.nullable(z.string()),
  imagenes: z.array(z.object({ url: z.string(), nombre: z.string() })),
}));
export type DoctorChatDetail = z.infer<typeof doctorChatDetailSchema>;
