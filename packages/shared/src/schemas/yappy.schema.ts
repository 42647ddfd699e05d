import { z } from 'zod/mini';
import { messages } from '../messages.js';
import { safeText } from './text.schema.js';
import { PAYMENT_PURPOSES } from './payments.schema.js';
import { consultationRequestSchema } from './consultations.schema.js';
import { appointmentRequestShape, waitlistOfferToken } from './appointments.schema.js';
import { lazySchema } from './lazy-schema.js';

/**
 * Yappy's payment button, version 2 (issue 27, docs/decisions/0058-yappy-payment-button.md).
 * The page asks the server to start an order (these requests carry no amount: the server's price
 * is the only one, and a `monto` sent anyway is refused by the strict schemas), shows Yappy's
 * `<btn-yappy>` web component and hands it `transactionId`, `token` and `documentName`; the payment
 * counts only when Yappy's notification (IPN) reaches the server, and the page polls the order's
 * state until then.
 */

/** The server's routes of the Yappy button (the page's api/ files call these). */
export const YAPPY_API = {
  /** POST, patient: the consultation's request (service, doctor, history fields). */
  consultationOrder: '/api/consultations/yappy/order',
  /** POST, patient: the appointment's request (service, doctor, date, hour, message); the hour is held. */
  appointmentOrder: '/api/appointments/yappy/order',
  /** POST, patient, `?consulta=<token>`: the extra hour of that consultation's chat. */
  extraHourOrder: '/api/chat/extra-hour/yappy/order',
  /** GET, patient: the state of the patient's own order (`/api/payments/yappy/orders/<orden>`). */
  orderState: '/api/payments/yappy/orders',
  /** GET, public: Yappy's payment notification, exactly as Yappy calls it. */
  ipn: '/api/payments/yappy/ipn',
} as const;

/**
 * An order's life: pending until Yappy's notification (or the expiry) decides it. 'pagada_tarde':
 * Yappy confirmed it after it had lapsed; nothing was delivered and the money is owed back.
 */
export const YAPPY_ORDER_STATES = ['pendiente', 'pagada', 'rechazada', 'cancelada', 'expirada', 'pagada_tarde'] as const;
export type YappyOrderState = (typeof YAPPY_ORDER_STATES)[number];

/** Yappy's order ids are at most 15 characters, letters and digits (its create-order call). */
export const YAPPY_ORDER_ID_LENGTH = 15;
export const yappyOrderIdField = lazySchema(() => safeText({ error: messages.yappyOrderNotFound }).check(z.regex(/^[A-Za-z0-9]{1,15}$/, messages.yappyOrderNotFound)));

/** A consultation paid with Yappy: the same request as every other way to pay, no amount. */
export const consultationYappyOrderSchema = consultationRequestSchema;
export type ConsultationYappyOrder = z.infer<typeof consultationYappyOrderSchema>;

/** An appointment paid with Yappy: the booking form's fields (and a waitlist offer's token), no amount. */
export const appointmentYappyOrderSchema = lazySchema(() => z.strictObject({
  ...appointmentRequestShape,
  oferta: z.optional(waitlistOfferToken),
}));
export type AppointmentYappyOrder = z.infer<typeof appointmentYappyOrderSchema>;
export type AppointmentYappyOrderInput = z.input<typeof appointmentYappyOrderSchema>;

/** The extra hour paid with Yappy: the consultation is the query's `consulta`; the body carries nothing. */
export const extraHourYappyOrderSchema = lazySchema(() => z.strictObject({}));
export type ExtraHourYappyOrder = z.infer<typeof extraHourYappyOrderSchema>;

/**
 * The answer of every order start: what `<btn-yappy>`'s `eventPayment` takes (`transactionId`,
 * `token`, `documentName`, Yappy's own values), the order to poll, and when it lapses.
 */
export const yappyOrderStartedSchema = lazySchema(() => z.object({
  success: z.literal(true),
  message: z.string(),
  /** The server's order id (the one Yappy's notification names); poll its state with it. */
  orden: z.string(),
  transactionId: z.string(),
  token: z.string(),
  documentName: z.string(),
  /** ISO time after which the order pays nothing (YAPPY_ORDER_MINUTES after its start). */
  expira_at: z.string(),
}));
export type YappyOrderStarted = z.infer<typeof yappyOrderStartedSchema>;

export const yappyOrderParamsSchema = lazySchema(() => z.object({ orden: yappyOrderIdField }));

/** The page's poll: where the patient's own order stands, in words from the catalogue. */
export const yappyOrderStateSchema = lazySchema(() => z.object({
  orden: z.string(),
  estado: z.enum(YAPPY_ORDER_STATES),
  proposito: z.enum(PAYMENT_PURPOSES),
  /** What to tell the patient now (yappyStatePending, yappyStatePaid, ...). */
  message: z.string(),
  /** Once paid: the consultation's token (a consultation or its extra hour), for /ConsultaChat?consulta=. */
  consulta: z.nullable(z.string()),
  /** Once paid: the short reference of what was paid for (the consultation or the appointment, "N.º 000123"). */
  numero: z.nullable(z.number().check(z.int())),
  /** Once paid: Yappy's confirmation number. */
  confirmacion: z.nullable(z.string()),
  expira_at: z.string(),
}));
export type YappyOrderStateAnswer = z.infer<typeof yappyOrderStateSchema>;

/**
 * Yappy's notification: a GET to the ipnUrl with the order, its status (E executed, R rejected,
 * C cancelled, X expired), the merchant's domain, the hash and, when paid, the confirmation number.
 * Everything is read as text and checked by the server (hash first); nothing else is trusted.
 */
export const YAPPY_IPN_STATUSES = ['E', 'R', 'C', 'X'] as const;
export type YappyIpnStatus = (typeof YAPPY_IPN_STATUSES)[number];
export const yappyIpnQuerySchema = lazySchema(() => z.object({
  orderId: z.optional(z.string().check(z.maxLength(64))),
  status: z.optional(z.string().check(z.maxLength(8))),
  domain: z.optional(z.string().check(z.maxLength(300))),
  hash: z.optional(z.string().check(z.maxLength(200))),
  /** Some integrations write it with a capital letter; the same value either way. */
  Hash: z.optional(z.string().check(z.maxLength(200))),
  confirmationNumber: z.optional(z.string().check(z.maxLength(100))),
}));
export type YappyIpnQuery = z.infer<typeof yappyIpnQuerySchema>;
/** Yappy reads `success`; a refusal also carries the catalogue's message, like every refusal of the API. */
export const yappyIpnAnswerSchema = lazySchema(() => z.object({ success: z.boolean(), message: z.optional(z.string()) }));
