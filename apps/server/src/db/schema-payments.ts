import { sql } from 'drizzle-orm';
import { REFUND_REASONS, REFUND_STATES } from '@clinica/shared';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { files, patients, staff } from './schema-accounts.js';
import { encryptedText } from './field-crypto.js';

/**
 * Payments of the whole product: a virtual consultation, an in-person appointment or an extra
 * chat hour. What a payment pays for points at it (consultations.payment_id, ...), so this file
 * knows no other feature. Amounts are USD cents and always the server's price.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const SERVICES = ['consulta_general', 'psicologia', 'medicina_interna'] as const;
const PURPOSES = ['consulta', 'cita', 'hora_extra'] as const;

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Random, unguessable; the receipt lists and modals load a receipt by it. */
    token: text('token').notNull(),
    /**
     * The short reference a person reads and staff search by ("N.º 000123", decision 0045): a
     * sequence per record kind, filled for existing rows by the migration. Never a key to load by.
     */
    numero: integer('numero').notNull().generatedAlwaysAsIdentity(),
    patient_id: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    proposito: text('proposito', { enum: PURPOSES }).notNull(),
    servicio: text('servicio', { enum: SERVICES }).notNull(),
    monto_cents: integer('monto_cents').notNull(),
    moneda: text('moneda').notNull().default('USD'),
    metodo_de_pago: text('metodo_de_pago', { enum: ['Paypal o Tarjeta', 'Transferencia', 'Yappy'] }).notNull(),
    estado: text('estado', { enum: ['pendiente', 'aprobado', 'rechazado'] }).notNull(),
    /** The consent ('si') given before paying (the receipt's `acuerdo`). */
    acuerdo: boolean('acuerdo').notNull(),
    /** One PayPal order pays for one thing, once. */
    paypal_order_id: text('paypal_order_id'),
    paypal_capture_id: text('paypal_capture_id'),
    comprobante_file_id: uuid('comprobante_file_id').references(() => files.id),
    /**
     * SHA-256 of the receipt file. A receipt byte-identical to another payment's is flagged to
     * staff as a possible duplicate; the flag is computed when read, so no race can lose it.
     */
    comprobante_sha256: text('comprobante_sha256'),
    revisado: boolean('revisado').notNull().default(false),
    archivo_fiscal_file_id: uuid('archivo_fiscal_file_id').references(() => files.id),
    motivo_rechazo: text('motivo_rechazo'),
    decidido_por: uuid('decidido_por').references(() => staff.id),
    decidido_at: timestamp('decidido_at', { withTimezone: true }),
    /**
     * The one readable refund state of the payment: null (nothing owed back), 'pendiente' (what it
     * paid for will not be delivered: the money is owed) or 'reembolsado' (the `refunds` row says how).
     */
    reembolso_estado: text('reembolso_estado', { enum: REFUND_STATES }),
    reembolso_motivo: text('reembolso_motivo', { enum: REFUND_REASONS }),
    reembolso_debido_at: timestamp('reembolso_debido_at', { withTimezone: true }),
    /**
     * A Yappy payment made with Yappy's button (decision 0058) carries its order instead of a receipt:
     * one order pays once (the unique index), approved by Yappy's signed notification.
     */
    yappy_order_id: text('yappy_order_id'),
    /** Yappy's confirmation number from the notification (not covered by its hash: informative). */
    confirmacion_yappy: text('confirmacion_yappy'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_token_key').on(t.token),
    uniqueIndex('payments_paypal_order_key').on(t.paypal_order_id),
    uniqueIndex('payments_yappy_order_key').on(t.yappy_order_id),
    index('payments_patient_idx').on(t.patient_id),
    // /Recibo_Admin walks the newest first by keyset (decision 0039): each page is an index range.
    index('payments_created_idx').on(t.created_at.desc(), t.id.desc()),
    index('payments_comprobante_sha256_idx').on(t.comprobante_sha256),
    // The dashboard's "now" figures (decision 0057): the receipts waiting for review and the refunds
    // owed are a handful of rows among every payment ever made; each partial index holds only them.
    index('payments_waiting_review_idx').on(t.created_at).where(sql`${t.estado} = 'pendiente' AND ${t.reembolso_estado} IS NULL`),
    index('payments_refund_owed_idx').on(t.monto_cents).where(sql`${t.reembolso_estado} = 'pendiente'`),
    check('payments_amount_positive', sql`${t.monto_cents} > 0`),
    // PayPal payments carry their order; transfer and Yappy payments carry their receipt file, or
    // (Yappy's button, decision 0058) their Yappy order.
    check(
      'payments_method_evidence',
      sql`(${t.metodo_de_pago} = 'Paypal o Tarjeta' AND ${t.paypal_order_id} IS NOT NULL) OR (${t.metodo_de_pago} <> 'Paypal o Tarjeta' AND ${t.comprobante_file_id} IS NOT NULL) OR (${t.metodo_de_pago} = 'Yappy' AND ${t.yappy_order_id} IS NOT NULL)`,
    ),
    check('payments_rejection_reason', sql`${t.estado} <> 'rechazado' OR ${t.motivo_rechazo} IS NOT NULL`),
    // Only money that may have been received is owed back, and always with its reason.
    check(
      'payments_refund_state',
      sql`${t.reembolso_estado} IS NULL OR (${t.estado} <> 'rechazado' AND ${t.reembolso_motivo} IS NOT NULL AND ${t.reembolso_debido_at} IS NOT NULL)`,
    ),
  ],
);

/**
 * The refund of a payment: at most one per payment (the unique index is what makes a second
 * refund, or one of many concurrent clicks, impossible), always the whole amount. A PayPal refund
 * is claimed here ('en_proceso') before PayPal is called, with the row's id as PayPal-Request-Id;
 * a transfer or Yappy refund is recorded 'completado' by an administrator with its reference.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payment_id: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    estado: text('estado', { enum: ['en_proceso', 'completado'] }).notNull(),
    metodo: text('metodo', { enum: ['Paypal o Tarjeta', 'Transferencia', 'Yappy'] }).notNull(),
    monto_cents: integer('monto_cents').notNull(),
    /** PayPal's refund id, or the transfer's / Yappy's reference the administrator typed. */
    referencia: text('referencia'),
    comprobante_file_id: uuid('comprobante_file_id').references(() => files.id),
    staff_id: uuid('staff_id')
      .notNull()
      .references(() => staff.id),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completado_at: timestamp('completado_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_payment_key').on(t.payment_id),
    check('refunds_amount_positive', sql`${t.monto_cents} > 0`),
    check('refunds_completed_reference', sql`${t.estado} <> 'completado' OR (${t.referencia} IS NOT NULL AND ${t.completado_at} IS NOT NULL)`),
  ],
);

/**
 * PayPal orders the server created, with its own reference (sent as custom_id and reference_id)
 * and the amount it asked for. A capture is claimed here first (creada -> capturando) so that of
 * simultaneous captures of one order only one goes on to PayPal.
 */
export const paypalOrders = pgTable(
  'paypal_orders',
  {
    id: text('id').primaryKey(),
    referencia: uuid('referencia').notNull(),
    patient_id: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    proposito: text('proposito', { enum: PURPOSES }).notNull(),
    servicio: text('servicio', { enum: SERVICES }).notNull(),
    monto_cents: integer('monto_cents').notNull(),
    estado: text('estado', { enum: ['creada', 'capturando', 'capturada', 'fallida'] }).notNull(),
    /** Purpose-specific context the order was created for (a doctor id, a consultation id ...). */
    contexto: text('contexto'),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('paypal_orders_referencia_key').on(t.referencia), index('paypal_orders_patient_idx').on(t.patient_id)],
);

/**
 * Orders of Yappy's payment button (decision 0058). The server creates each at Yappy for its own
 * amount and keeps here what it pays for; Yappy's notification names only the order (the amount
 * is not in its hash), so this row is the authority for the amount and the target. A conditional
 * UPDATE pendiente -> pagada lets one notification pay it, once.
 */
export const yappyOrders = pgTable(
  'yappy_orders',
  {
    /** The order id sent to Yappy: 15 letters and digits from a CSPRNG. */
    id: text('id').primaryKey(),
    patient_id: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    proposito: text('proposito', { enum: PURPOSES }).notNull(),
    servicio: text('servicio', { enum: SERVICES }).notNull(),
    monto_cents: integer('monto_cents').notNull(),
    estado: text('estado', { enum: ['pendiente', 'pagada', 'rechazada', 'cancelada', 'expirada', 'pagada_tarde'] }).notNull(),
    /** What it pays for: the appointment's hold, the consultation of an extra hour, the doctor of a consultation request. */
    contexto: text('contexto'),
    /** A consultation's request (history fields, consent time) until it is paid: clinical text, sealed. */
    datos: encryptedText('datos'),
    /** Yappy's transaction id from its create-order answer. */
    transaction_id: text('transaction_id').notNull(),
    confirmacion: text('confirmacion'),
    payment_id: uuid('payment_id').references(() => payments.id),
    expira_at: timestamp('expira_at', { withTimezone: true }).notNull(),
    decidido_at: timestamp('decidido_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('yappy_orders_patient_idx').on(t.patient_id),
    // The sweep of lapsed orders reads only the pending ones.
    index('yappy_orders_pending_idx').on(t.expira_at).where(sql`${t.estado} = 'pendiente'`),
    check('yappy_orders_amount_positive', sql`${t.monto_cents} > 0`),
  ],
);

/** Every change of a payment's state, by whom and when (staff see it in the receipt modal). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payment_id: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    evento: text('evento', {
      enum: ['creado', 'aprobado', 'rechazado', 'revisado', 'no_revisado', 'factura_adjunta', 'reembolso_debido', 'reembolso_anulado', 'reembolsado'],
    }).notNull(),
    staff_id: uuid('staff_id').references(() => staff.id),
    detalle: text('detalle'),
    created_at: createdAt(),
  },
  (t) => [index('payment_events_payment_idx').on(t.payment_id)],
);
