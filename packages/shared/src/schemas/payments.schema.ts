import { z } from 'zod/mini';
import { safeMultilineText, safeText } from './text.schema.js';
import { SERVICES, SERVICE_PRICE_CENTS, type Service } from '../constants.js';
import { messages } from '../messages.js';
import { requiredText } from './auth.schema.js';
import { lazySchema } from './lazy-schema.js';

/**
 * Payments of the whole product: a virtual consultation, an in-person appointment or an extra
 * hour of chat (docs/spec/decisions.md, "Money"). The amount is always the server's price.
 */

/** The method values the specification sends and stores, letter for letter. */
export const PAYMENT_METHODS = ['Paypal o Tarjeta', 'Transferencia', 'Yappy'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYPAL_METHOD = 'Paypal o Tarjeta' satisfies PaymentMethod;
export const RECEIPT_METHODS = ['Transferencia', 'Yappy'] as const;
export type ReceiptMethod = (typeof RECEIPT_METHODS)[number];

/** What a payment pays for. */
export const PAYMENT_PURPOSES = ['consulta', 'cita', 'hora_extra'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/** PayPal payments are approved when the capture is verified; receipts wait for an administrator. */
export const PAYMENT_STATES = ['pendiente', 'aprobado', 'rechazado'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** The server's price of a service in dollars (the `precio` of the payment session check). */
export const priceOf = (servicio: Service) => SERVICE_PRICE_CENTS[servicio] / 100;

/**
 * The amount the browser sends: a number of dollars, or its text ('10', '10.00'). It is only
 * compared with the server's price; the server never charges what the browser says.
 */
export const montoField = lazySchema(() => z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' && /^\s*\d{1,6}(\.\d{1,2})?\s*$/.test(v) ? Number(v) : v)),
  // A zod number already refuses NaN and ±Infinity (classic's `.finite()` added no check).
  z.number({ error: messages.amountMismatch }).check(z.positive(messages.amountMismatch)),
));

/** True when the amount sent is exactly the server's price of the service. */
export const amountMatches = (monto: number, servicio: Service) => Math.round(monto * 100) === SERVICE_PRICE_CENTS[servicio];

export const bankAccountSchema = lazySchema(() => z.object({ banco: z.string(), tipo: z.string(), numero: z.string(), titular: z.string() }));

/** What the payment sub-forms need: PayPal's client id (obtener_paypal_config), bank accounts, Yappy. */
export const paymentsConfigSchema = lazySchema(() => z.object({
  client_id: z.string(),
  /** Address of PayPal's JS SDK (the local stand-in's in demo mode). */
  sdk_url: z.string(),
  /** True when PayPal runs against the local stand-in: nothing is really charged. */
  demo: z.boolean(),
  moneda: z.literal('USD'),
  cuentas_bancarias: z.array(bankAccountSchema),
  yappy: z.string(),
  /**
   * Yappy's payment button (issue 27, decision 0058): the address of its `<btn-yappy>` web
   * component, and whether it is the local stand-in (nothing is really charged: the page says so).
   */
  yappy_boton: z.object({ cdn_url: z.string(), demo: z.boolean() }),
}));
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

export const paymentSessionQuerySchema = lazySchema(() => z.object({ servicio: z.enum(SERVICES, { error: messages.invalidChoice }) }));

/** check_session_pagos: is a patient signed in, and the server's price of the service. */
export const paymentSessionSchema = lazySchema(() => z.object({ authenticated: z.boolean(), precio: z.number() }));
export type PaymentSession = z.infer<typeof paymentSessionSchema>;

/** Answer of the PayPal order creation ("update session for PayPal"): the order id to approve. */
export const paypalOrderCreatedSchema = lazySchema(() => z.object({
  success: z.literal(true),
  status: z.literal('success'),
  message: z.string(),
  id: z.string(),
}));
export type PaypalOrderCreated = z.infer<typeof paypalOrderCreatedSchema>;

/** PayPal's ids as the JS SDK hands them to onApprove. */
export const paypalApprovalShape = lazySchema(() => ({
  orderID: safeText({ error: messages.paypalPaymentFailed }).check(z.regex(/^[A-Za-z0-9-]{5,64}$/, messages.paypalPaymentFailed)),
  payerID: z.optional(safeText().check(z.maxLength(64))),
}));

// ---- receipts (docs/spec/patient-and-public.md section 3 and docs/spec/staff.md section 3: "Payment receipt") ----

// ---- refunds (issue 20, docs/decisions/0035-refunds.md) ----

/** The payment's refund state: nothing owed, owed back ('pendiente'), or returned ('reembolsado'). */
export const REFUND_STATES = ['pendiente', 'reembolsado'] as const;
export type RefundState = (typeof REFUND_STATES)[number];
/** Why a payment is owed back. */
export const REFUND_REASONS = [
  'cita_cancelada_paciente',
  'cita_cancelada_clinica',
  'consulta_sin_permiso',
  'consulta_tipo_c',
  'hora_extra_no_usada',
  // Issue 24 (decision 0050): a transfer/Yappy booking not approved in time released its hour.
  'reserva_vencida',
  // Issue 27 (decision 0058): Yappy confirmed a payment after its order had lapsed; nothing was delivered.
  'yappy_pago_tardio',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** What the patient and the administrators see of a payment's refund. */
export const receiptRefundSchema = lazySchema(() => z.object({
  estado: z.enum(REFUND_STATES),
  motivo: z.enum(REFUND_REASONS),
  /** When the refund became due, and when the money was returned (null until then). */
  debido: z.string(),
  fecha: z.nullable(z.string()),
  /** PayPal's refund id, or the transfer's / Yappy's reference. */
  referencia: z.nullable(z.string()),
}));
export type ReceiptRefund = z.infer<typeof receiptRefundSchema>;

const uuidField = () => safeText({ error: messages.invalidRequest }).check(z.uuid(messages.invalidRequest));

/** An administrator refunds a PayPal payment through PayPal (the whole amount, once). */
export const paypalRefundSchema = lazySchema(() => z.strictObject({ id: uuidField() }));
export type PaypalRefundInput = z.infer<typeof paypalRefundSchema>;

/** An administrator records a transfer or Yappy refund: multipart `id`, `referencia`, optional proof `archivo`. */
export const manualRefundSchema = lazySchema(() => z.strictObject({
  id: uuidField(),
  referencia: safeText({ error: messages.refundReferenceRequired }).check(
    z.trim(),
    z.minLength(1, messages.refundReferenceRequired),
    z.maxLength(100, messages.fieldTooLong),
  ),
}));
export type ManualRefundInput = z.infer<typeof manualRefundSchema>;

const receiptBase = lazySchema(() => ({
  id: z.string(),
  token: z.string(),
  /** The short human reference ("N.º 000123"), decision 0045. */
  numero: z.number().check(z.int()),
  nombre: z.string(),
  apellido: z.string(),
  monto: z.number(),
  metodo_de_pago: z.enum(PAYMENT_METHODS),
  proposito: z.enum(PAYMENT_PURPOSES),
  servicio: z.enum(SERVICES),
  estado: z.enum(PAYMENT_STATES),
  revisado: z.boolean(),
  fecha: z.string(),
  /** Null while nothing is owed back. */
  reembolso: z.nullable(receiptRefundSchema),
  /** Yappy's confirmation number of a payment made with Yappy's button (approved by its notification); else null. */
  confirmacion_yappy: z.nullable(z.string()),
}));

/** A row of /Recibo_pagos and /Recibo_Admin. */
export const receiptRowSchema = lazySchema(() => z.object(receiptBase));
export type ReceiptRow = z.infer<typeof receiptRowSchema>;

export const receiptDetailSchema = lazySchema(() => z.object({
  ...receiptBase,
  cedula: z.string(),
  celular: z.string(),
  acuerdo: z.boolean(),
  motivo_rechazo: z.nullable(z.string()),
  /** Download address of the transfer or Yappy receipt; null when there is none (PayPal). */
  Link_Comprobante: z.nullable(z.string()),
  Nombre_Comprobante: z.nullable(z.string()),
  /** The fiscal receipt's file name, and its address (opened in a new tab). */
  archivo_nombre: z.nullable(z.string()),
  Link_Factura: z.nullable(z.string()),
}));
export type ReceiptDetail = z.infer<typeof receiptDetailSchema>;

export const adminReceiptRowSchema = lazySchema(() => z.extend(receiptRowSchema, { posible_duplicado: z.boolean() }));
export type AdminReceiptRow = z.infer<typeof adminReceiptRowSchema>;

export const adminReceiptDetailSchema = lazySchema(() => z.extend(receiptDetailSchema, {
  correo: z.string(),
  posible_duplicado: z.boolean(),
  /** The other payments whose receipt file is byte-identical to this one, with who sent them (the token opens that receipt). */
  duplicados: z.array(z.object({ token: z.string(), numero: z.number().check(z.int()), nombre: z.string(), apellido: z.string() })),
  historial: z.array(z.object({ evento: z.string(), detalle: z.nullable(z.string()), por: z.nullable(z.string()), fecha: z.string() })),
  /** True when an administrator may approve this pending payment here (not for consultations: see Consultas_Admin). */
  aprobable: z.boolean(),
  /** Download address of the refund's proof file, when the administrator attached one. */
  Link_Reembolso: z.nullable(z.string()),
}));

/** Approving a pending payment from the receipt screen. */
export const receiptApproveSchema = lazySchema(() => z.strictObject({ id: safeText({ error: messages.invalidRequest }).check(z.uuid(messages.invalidRequest)) }));
export type AdminReceiptDetail = z.infer<typeof adminReceiptDetailSchema>;

export const tokenParamsSchema = lazySchema(() => z.object({ token: safeText().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, messages.detailTokenMissing)) }));

/** First-name search of the admin lists (Algoritmo_*.php): JSON `input`. */
export const searchSchema = lazySchema(() => z.strictObject({ input: requiredText(100) }));
export type SearchInput = z.infer<typeof searchSchema>;

const flag = lazySchema(() => z.pipe(
  z.transform((v: unknown) =>
    v === true || v === 'true' || v === '1' || v === 1 ? true : v === false || v === 'false' || v === '0' || v === 0 ? false : v,
  ),
  z.boolean({ error: messages.invalidChoice }),
));

/** actualizar_pagos.php: multipart `id`, `revisado`, optional fiscal PDF `archivo`. */
export const receiptUpdateSchema = lazySchema(() => z.strictObject({
  id: safeText({ error: messages.invalidRequest }).check(z.uuid(messages.invalidRequest)),
  revisado: flag,
}));
export type ReceiptUpdate = z.infer<typeof receiptUpdateSchema>;

/** Rejecting a transfer or Yappy receipt, with the reason the patient sees. */
export const receiptRejectSchema = lazySchema(() => z.strictObject({
  id: safeText({ error: messages.invalidRequest }).check(z.uuid(messages.invalidRequest)),
  motivo: safeMultilineText({ error: messages.rejectReasonRequired }).check(
    z.trim(),
    z.minLength(1, messages.rejectReasonRequired),
    z.maxLength(500, messages.fieldTooLong),
  ),
}));
export type ReceiptReject = z.infer<typeof receiptRejectSchema>;
