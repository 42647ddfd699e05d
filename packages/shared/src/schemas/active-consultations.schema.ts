import { z } from 'zod/mini';
import { SERVICES } from '../constants.js';
import { messages } from '../messages.js';
import { PAYMENT_METHODS } from './payments.schema.js';
import { safeText } from './text.schema.js';
import { lazySchema } from './lazy-schema.js';

/**
 * The way back to every paid consultation (issue 20 item 2, decision 0032): which of the
 * signed-in patient's consultations are still waiting for the clinic or have an open chat, and
 * which one a patient's chat call is about.
 */

/** A consultation's token as the pages put it in a URL (`/ConsultaChat?consulta=<token>`). */
export const consultationTokenField = lazySchema(() => safeText({ error: messages.invalidRequest }).check(
  z.minLength(10, messages.invalidRequest),
  z.maxLength(100, messages.invalidRequest),
));

/**
 * Which consultation a patient's chat call is about: `?consulta=<token>`. Without it, the
 * patient's newest consultation whose chat is open (the only one, for most patients). Another
 * patient's token is answered as a consultation without chat (403), never with its data.
 */
export const consultationTargetQuerySchema = lazySchema(() => z.object({ consulta: z.optional(consultationTokenField) }));
export type ConsultationTargetQuery = z.infer<typeof consultationTargetQuerySchema>;

/** `pendiente`: paid by transfer or Yappy, waiting for the clinic; `chat`: the chat is open. */
export const ACTIVE_CONSULTATION_STATES = ['pendiente', 'chat'] as const;
export type ActiveConsultationState = (typeof ACTIVE_CONSULTATION_STATES)[number];

export const activeConsultationSchema = lazySchema(() => z.object({
  token: z.string(),
  servicio: z.enum(SERVICES),
  /** 'Dr(a). Nombre Apellido'. */
  doctor: z.string(),
  fecha_registro: z.string(),
  metodo_de_pago: z.enum(PAYMENT_METHODS),
  estado: z.enum(ACTIVE_CONSULTATION_STATES),
  /** An open chat's seconds left by the server's clock at the time of the answer (3600 before it starts); null while pending. */
  segundos_restantes: z.nullable(z.number().check(z.int())),
  /** When an open chat's time ends; null while pending or before the patient first enters the chat. */
  ends_at: z.nullable(z.string()),
}));
export type ActiveConsultation = z.infer<typeof activeConsultationSchema>;

/** GET /api/consultations/active: newest first. */
export const activeConsultationsSchema = lazySchema(() => z.object({ consultas: z.array(activeConsultationSchema) }));
export type ActiveConsultations = z.infer<typeof activeConsultationsSchema>;

/** Another open chat of the same patient, as the chat page links to it. */
export const otherOpenChatSchema = lazySchema(() => z.object({
  consulta_token: z.string(),
  servicio: z.enum(SERVICES),
  doctor: z.string(),
  /** When it was requested: two chats with the same doctor are told apart by it. */
  fecha_registro: z.string(),
}));
export type OtherOpenChat = z.infer<typeof otherOpenChatSchema>;
