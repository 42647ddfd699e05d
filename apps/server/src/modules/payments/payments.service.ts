import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  SERVICE_LABELS,
  SERVICE_PRICE_CENTS,
  amountMatches,
  messages,
  type PaymentPurpose,
  type ReceiptMethod,
  type Service,
} from '@clinica/shared';
import { AppError, badRequest, forbidden, notFound } from '../../infra/http/errors.js';
import { decodeCursor, toPage } from '../../infra/http/keyset.js';
import type { Storage } from '../../infra/storage.js';
import { assertPdf, assertReceiptFile } from './payment-files.js';
import { cleanFileName } from '../../infra/http/file-name.js';
import { newToken, sha256 } from '../../infra/token.js';
import { PaypalApiError, type PaypalCapture, type PaypalClient } from './paypal-client.js';
import type { Notifier } from '../mail/index.js';
import { paymentEffectsRegistry, type PaymentEffects } from './payment-effects.js';
import type { PaymentRow, PaymentsRepository, PaypalOrderRow, RefundReasonCode } from './payments.repository.js';
import { inTransaction, type Db, type Tx } from '../../db/client.js';
import type { YappyClient } from './yappy-client.js';
import type { YappyRepository } from './yappy.repository.js';
import { yappyPayments } from './yappy.service.js';

const PURPOSE_LABELS: Record<PaymentPurpose, string> = {
  consulta: 'Consulta virtual',
  cita: 'Cita presencial',
  hora_extra: 'Hora adicional de chat',
};

// A capture claimed this long ago without a record is taken to have crashed and may be retried.
const STALE_CLAIM_MS = 2 * 60_000;
// A patient's own receipts: a handful, read at once (the staff list pages, decision 0039).
const RECEIPT_LIST_LIMIT = 500;

const centsOf = (value: string) => (/^\d+(\.\d{1,2})?$/.test(value) ? Math.round(Number(value) * 100) : NaN);

/** Postgres' unique violation, as pg and PGlite report it. */
const isUniqueViolation = (err: unknown) => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/**
 * Why a capture does not count as paid, or null when it does: PayPal's status COMPLETED, the
 * server's amount in USD and the server's own reference, all read from PayPal's answer.
 */
export function captureProblem(capture: PaypalCapture, order: Pick<PaypalOrderRow, 'monto_cents' | 'referencia'>) {
  if (capture.status !== 'COMPLETED') return `order status ${capture.status ?? 'missing'}`;
  const unit = capture.purchase_units?.[0];
  const captured = unit?.payments?.captures?.[0];
  if (!unit || !captured) return 'no capture in the answer';
  if (captured.status !== 'COMPLETED') return `capture status ${captured.status}`;
  if (captured.amount.currency_code !== 'USD') return `currency ${captured.amount.currency_code}`;
  if (centsOf(captured.amount.value) !== order.monto_cents) return `amount ${captured.amount.value}`;
  if ((captured.custom_id ?? unit.custom_id) !== order.referencia) return 'reference mismatch';
  if (unit.reference_id !== undefined && unit.reference_id !== order.referencia) return 'reference_id mismatch';
  return null;
}

export interface PaymentsDeps {
  db: Db;
  repo: PaymentsRepository;
  storage: Storage;
  paypal: PaypalClient;
  now: () => number;
  log: FastifyBaseLogger;
  notify: Pick<Notifier, 'refundDue' | 'refunded' | 'paymentApproved' | 'paymentRejected'>;
  /** Yappy's payment button (decision 0058): its client, its orders and the clinic's settings. */
  yappy: {
    client: YappyClient;
    orders: YappyRepository;
    config: { domain: string; hashKey: string; ipnUrl: string; orderMinutes: number };
  };
}

/** A file stored (encrypted) and not yet recorded: its row is written in the caller's transaction. */
export interface StoredFile {
  id: string;
  kind: string;
  mime: string;
  size: number;
  sha256: string;
  nombre: string;
  encrypted: boolean;
}

/**
 * Payments of the whole product. Prices are the server's; PayPal orders are created, captured
 * and verified here; transfer and Yappy receipts are checked, stored encrypted and wait for an
 * administrator. What a payment pays for is recorded by the caller's `record` in the same
 * transaction as the payment, so there is never one without the other.
 */
export function paymentsService(deps: PaymentsDeps) {
  const { repo, storage, paypal, log } = deps;
  // What each purpose's module does when its payments are decided (payment-effects.ts).
  const effects = paymentEffectsRegistry();
  const at = () => new Date(deps.now());

  /** Refuses an amount other than the server's price of the service. */
  function assertAmount(monto: number, servicio: Service) {
    if (!amountMatches(monto, servicio)) throw badRequest(messages.amountMismatch, { monto: messages.amountMismatch });
  }

  async function storeFile(bytes: Buffer, meta: { kind: string; mime: string; nombre: string }): Promise<StoredFile> {
    const id = crypto.randomUUID();
    await storage.put(id, bytes, { encrypt: true });
    return { id, kind: meta.kind, mime: meta.mime, size: bytes.length, sha256: sha256(bytes, 'hex'), nombre: meta.nombre, encrypted: true };
  }

  async function approveIn(tx: Tx, paymentId: string, staffId: string | null) {
    const row = await repo.approvePending(tx, paymentId, staffId, at());
    if (!row) return { changed: false as const, payment: await repo.findPayment(tx, paymentId) };
    await repo.insertEvent(tx, { payment_id: row.id, evento: 'aprobado', staff_id: staffId, created_at: at() });
    await effects.dispatch({ type: 'approved', tx, payment: row, staffId });
    return { changed: true as const, payment: row };
  }

  // Yappy's button shares the effects registry: a payment it approves does what any approval does.
  const yappy = yappyPayments({
    db: deps.db,
    repo,
    orders: deps.yappy.orders,
    client: deps.yappy.client,
    effects,
    now: deps.now,
    log,
    notify: deps.notify,
    config: deps.yappy.config,
  });

  return {
    /** Yappy's payment button: orders, the notification that pays them, the poll (yappy.service.ts). */
    yappy,

    /**
     * A purpose's module says, once at start-up (its plugin), what its payments' decisions do;
     * `assertEffectsComplete` (the payments plugin's onReady) refuses to start while one is missing.
     */
    registerEffects: (purposeEffects: PaymentEffects) => effects.register(purposeEffects),
    assertEffectsComplete: () => {
      effects.assertComplete();
      yappy.assertTargetsComplete();
    },

    /** The server's price of a service, in cents. */
    priceCents: (servicio: Service) => SERVICE_PRICE_CENTS[servicio],

    assertAmount,

    /**
     * Creates a PayPal order for the server's price and remembers it (owner, purpose, service,
     * amount, reference). `contexto` is what the purpose needs to check at capture time.
     */
    async createPaypalOrder(input: { patientId: string; proposito: PaymentPurpose; servicio: Service; monto: number; contexto?: string }) {
      assertAmount(input.monto, input.servicio);
      const referencia = crypto.randomUUID();
      const amountCents = SERVICE_PRICE_CENTS[input.servicio];
      let created;
      try {
        created = await paypal.createOrder({
          reference: referencia,
          amountCents,
          description: `${PURPOSE_LABELS[input.proposito]}: ${SERVICE_LABELS[input.servicio]}`,
        });
      } catch (err) {
        log.error({ err }, 'PayPal order creation failed');
        throw new AppError(502, messages.paypalSetupFailed);
      }
      await repo.insertOrder({
        id: created.id,
        referencia,
        patient_id: input.patientId,
        proposito: input.proposito,
        servicio: input.servicio,
        monto_cents: amountCents,
        estado: 'creada',
        contexto: input.contexto ?? null,
        created_at: at(),
        updated_at: at(),
      });
      return { id: created.id };
    },

    /**
     * The patient's own order of this purpose, before anything is captured, so the caller can
     * check it against the request (same service, same doctor ...). Unknown or foreign: refused.
     */
    async orderFor(patientId: string, proposito: PaymentPurpose, orderId: string) {
      const order = await repo.findOrder(orderId);
      if (!order || order.patient_id !== patientId || order.proposito !== proposito) {
        throw badRequest(messages.paypalPaymentFailed);
      }
      if (order.estado === 'capturada') throw new AppError(409, messages.paypalAlreadyUsed);
      if (order.estado === 'fallida') throw badRequest(messages.paypalPaymentFailed);
      return order;
    },

    /**
     * Captures an approved order through PayPal and verifies it (COMPLETED, amount, USD, our
     * reference). Only then, in one transaction, the payment (approved) and what it pays for
     * (`record`) are written. One order pays once: a claim lets one request through, and the
     * unique PayPal order id on payments refuses a second payment whatever happens.
     */
    async capturePaypalOrder<T>(order: PaypalOrderRow, record: (tx: Tx, payment: PaymentRow) => Promise<T>) {
      const claimed = await repo.claimOrder(order.id, at(), new Date(deps.now() - STALE_CLAIM_MS));
      if (!claimed) throw new AppError(409, messages.paypalAlreadyUsed);

      let capture: PaypalCapture;
      try {
        capture = await paypal.captureOrder(order.id, order.referencia);
      } catch (err) {
        if (err instanceof PaypalApiError && err.issue === 'ORDER_ALREADY_CAPTURED') {
          // Captured before (a retry after a lost answer): PayPal's record of the order decides.
          capture = await paypal.getOrder(order.id);
        } else {
          // Nothing was captured: the order may be approved and captured again.
          await repo.setOrderState(deps.db, order.id, 'creada', at()).catch(() => undefined);
          log.warn({ err, order: order.id }, 'PayPal capture failed');
          if (err instanceof PaypalApiError && err.status < 500) throw badRequest(messages.paypalPaymentFailed);
          throw new AppError(502, messages.paymentProcessingFailed);
        }
      }

      const problem = captureProblem(capture, order);
      if (problem) {
        await repo.setOrderState(deps.db, order.id, 'fallida', at());
        log.warn({ order: order.id, problem }, 'PayPal capture refused');
        throw badRequest(messages.paypalPaymentFailed);
      }
      const captureId = capture.purchase_units?.[0]?.payments?.captures?.[0]?.id ?? null;

      try {
        return await inTransaction(deps.db, async (tx) => {
          const payment = await repo.insertPayment(tx, {
            token: newToken(24),
            patient_id: order.patient_id,
            proposito: order.proposito,
            servicio: order.servicio,
            monto_cents: order.monto_cents,
            metodo_de_pago: 'Paypal o Tarjeta',
            estado: 'aprobado',
            acuerdo: true,
            paypal_order_id: order.id,
            paypal_capture_id: captureId,
            decidido_at: at(),
            created_at: at(),
          });
          await repo.insertEvent(tx, { payment_id: payment.id, evento: 'creado', detalle: 'PayPal', created_at: at() });
          await repo.insertEvent(tx, { payment_id: payment.id, evento: 'aprobado', detalle: 'Captura verificada con PayPal', created_at: at() });
          await repo.setOrderState(tx, order.id, 'capturada', at());
          await effects.dispatch({ type: 'approved', tx, payment, staffId: null });
          const result = await record(tx, payment);
          return { payment, result };
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(409, messages.paypalAlreadyUsed);
        // Captured but not recorded: the claim goes stale and a retry records it (PayPal's idempotency).
        log.error({ err, order: order.id }, 'PayPal payment captured but not recorded');
        throw err;
      }
    },

    /**
     * A transfer or Yappy receipt, step 1 of 2 (outside any transaction): the amount checked, the
     * file checked by its content (an image or a PDF, never by name) and stored encrypted. The
     * caller then writes the payment with `insertReceiptPaymentIn` in the transaction that writes
     * what it pays for, and calls `discardReceipt` when that transaction fails.
     */
    async storeReceipt(input: { servicio: Service; monto: number; file: { bytes: Buffer; filename: string; field: string } }) {
      assertAmount(input.monto, input.servicio);
      const mime = await assertReceiptFile(input.file.bytes, input.file.field);
      return storeFile(input.file.bytes, { kind: 'payment_receipt', mime, nombre: cleanFileName(input.file.filename, 'comprobante') });
    },

    /** Step 2, inside the caller's transaction: the stored receipt's row and the pending payment. */
    async insertReceiptPaymentIn(
      tx: Tx,
      input: { patientId: string; proposito: PaymentPurpose; servicio: Service; metodo: ReceiptMethod },
      receipt: StoredFile,
    ) {
      await repo.insertFile(tx, receipt);
      const payment = await repo.insertPayment(tx, {
        token: newToken(24),
        patient_id: input.patientId,
        proposito: input.proposito,
        servicio: input.servicio,
        monto_cents: SERVICE_PRICE_CENTS[input.servicio],
        metodo_de_pago: input.metodo,
        estado: 'pendiente',
        acuerdo: true,
        comprobante_file_id: receipt.id,
        comprobante_sha256: receipt.sha256,
        created_at: at(),
      });
      await repo.insertEvent(tx, { payment_id: payment.id, evento: 'creado', detalle: input.metodo, created_at: at() });
      return payment;
    },

    /** The stored receipt's bytes, deleted when the transaction that was to record it failed. */
    discardReceipt: (receipt: StoredFile) => storage.delete(receipt.id).catch(() => undefined),

    /** Approves a pending payment inside the caller's transaction; a second approval changes nothing. */
    approveIn,

    /** An administrator approves a pending payment from the receipt screen (purposes that allow it). */
    async approve(paymentId: string, staffId: string) {
      const { changed, payment } = await inTransaction(deps.db, async (tx) => {
        const current = await repo.findPayment(tx, paymentId);
        if (!current) throw notFound();
        if (!effects.approvableFromReceipts(current.proposito)) throw forbidden();
        const result = await approveIn(tx, paymentId, staffId);
        if (!result.changed && current.estado !== 'aprobado') throw new AppError(409, messages.paymentNotPending);
        return result;
      });
      if (changed && payment) await effects.dispatch({ type: 'approval-committed', payment, staffId });
      // Told on every approval the administrator makes (a repeated click included, as before).
      await deps.notify.paymentApproved({ paymentId });
      return changed;
    },

    /** Rejects a pending transfer or Yappy payment with the reason the patient sees. */
    async reject(paymentId: string, staffId: string, motivo: string) {
      const rejected = await inTransaction(deps.db, async (tx) => {
        const row = await repo.rejectPending(tx, paymentId, staffId, motivo, at());
        if (!row) {
          if (!(await repo.findPayment(tx, paymentId))) throw notFound();
          throw new AppError(409, messages.paymentNotPending);
        }
        await repo.insertEvent(tx, { payment_id: row.id, evento: 'rechazado', staff_id: staffId, detalle: motivo, created_at: at() });
        await effects.dispatch({ type: 'rejected', tx, payment: row, staffId });
        return row;
      });
      await effects.dispatch({ type: 'rejection-committed', payment: rejected, staffId });
      await deps.notify.paymentRejected({ paymentId }, { motivo });
      return rejected;
    },

    /** Toggles `revisado` and attaches the fiscal receipt (PDF only, by content). */
    async updateReceipt(input: { id: string; revisado: boolean; staffId: string; fiscal?: { bytes: Buffer; filename: string } }) {
      const fiscal = input.fiscal;
      if (fiscal) await assertPdf(fiscal.bytes, 'archivo');
      const exists = await repo.receiptById(input.id);
      if (!exists) throw notFound();
      const file = fiscal
        ? await storeFile(fiscal.bytes, { kind: 'fiscal_receipt', mime: 'application/pdf', nombre: cleanFileName(fiscal.filename, 'factura.pdf') })
        : undefined;
      try {
        await inTransaction(deps.db, async (tx) => {
          const changed = await repo.setRevisado(tx, input.id, input.revisado);
          if (changed) {
            await repo.insertEvent(tx, {
              payment_id: input.id,
              evento: input.revisado ? 'revisado' : 'no_revisado',
              staff_id: input.staffId,
              created_at: at(),
            });
          }
          if (file) {
            await repo.insertFile(tx, file);
            await repo.setFiscal(tx, input.id, file.id);
            await repo.insertEvent(tx, {
              payment_id: input.id,
              evento: 'factura_adjunta',
              staff_id: input.staffId,
              detalle: file.nombre,
              created_at: at(),
            });
          }
        });
      } catch (err) {
        if (file) await storage.delete(file.id).catch(() => undefined);
        throw err;
      }
    },

    // --- refunds (issue 20, docs/decisions/0035-refunds.md) -------------------------------------

    /**
     * Inside the caller's transaction (the cancellation, the classification ...): the payment is
     * owed back, once. Returns the payment when this call marked it (give it to `tellRefundDue`
     * after the commit), nothing when it was already owed, rejected, or unknown.
     */
    async markRefundDueIn(tx: Tx, paymentId: string, motivo: RefundReasonCode, staffId: string | null = null) {
      const row = await repo.markRefundDue(tx, paymentId, motivo, at());
      if (row) await repo.insertEvent(tx, { payment_id: row.id, evento: 'reembolso_debido', staff_id: staffId, detalle: motivo, created_at: at() });
      return row;
    },

    /** Inside the caller's transaction: a refund nobody started is withdrawn (the thing will be delivered after all). */
    async clearRefundDueIn(tx: Tx, paymentId: string, staffId: string | null) {
      const row = await repo.clearRefundDue(tx, paymentId);
      if (row) await repo.insertEvent(tx, { payment_id: row.id, evento: 'reembolso_anulado', staff_id: staffId, created_at: at() });
      return row;
    },

    /** Marks several payments owed back in a transaction of their own, then tells each patient. */
    async markRefundsDue(paymentIds: readonly string[], motivo: RefundReasonCode) {
      const marked = await inTransaction(deps.db, async (tx) => {
        const rows: PaymentRow[] = [];
        for (const id of paymentIds) {
          const row = await repo.markRefundDue(tx, id, motivo, at());
          if (!row) continue;
          await repo.insertEvent(tx, { payment_id: row.id, evento: 'reembolso_debido', detalle: motivo, created_at: at() });
          rows.push(row);
        }
        return rows;
      });
      for (const row of marked) await deps.notify.refundDue({ paymentId: row.id }, { metodo: row.metodo_de_pago });
      return marked;
    },

    /** The payment when its money is owed back now, else nothing. */
    async owedBack(paymentId: string) {
      const row = await repo.findPayment(deps.db, paymentId);
      return row?.reembolso_estado === 'pendiente' ? row : undefined;
    },

    /** After the commit: the patient is told the money will come back (no clinical detail). */
    async tellRefundDue(payment: PaymentRow | undefined) {
      if (payment) await deps.notify.refundDue({ paymentId: payment.id }, { metodo: payment.metodo_de_pago });
    },

    /**
     * An administrator refunds a PayPal payment owed back: the whole captured amount, through
     * PayPal's refund of the capture. One refund per payment whatever the number of clicks: the
     * claim (unique per payment) lets one request through; its id is PayPal-Request-Id, so a retry
     * after a lost answer is answered by PayPal from memory instead of refunding twice.
     */
    async refundPaypal(paymentId: string, staffId: string) {
      const payment = await repo.findPayment(deps.db, paymentId);
      if (!payment) throw notFound();
      if (payment.metodo_de_pago !== 'Paypal o Tarjeta' || !payment.paypal_capture_id || payment.estado !== 'aprobado') {
        throw badRequest(messages.refundWrongMethod);
      }
      if (payment.reembolso_estado === 'reembolsado') throw new AppError(409, messages.refundAlreadyDone);
      if (payment.reembolso_estado !== 'pendiente') throw new AppError(409, messages.refundNotDue);

      let claim = await repo.claimRefund(deps.db, {
        payment_id: payment.id,
        estado: 'en_proceso',
        metodo: payment.metodo_de_pago,
        monto_cents: payment.monto_cents,
        staff_id: staffId,
        created_at: at(),
        updated_at: at(),
      });
      if (!claim) {
        const existing = await repo.refundOf(deps.db, payment.id);
        if (existing?.estado === 'completado') throw new AppError(409, messages.refundAlreadyDone);
        // A claim left by a crash between PayPal's answer and our record is retried with its own id.
        claim = await repo.retakeStaleRefund(deps.db, payment.id, new Date(deps.now() - STALE_CLAIM_MS), at());
        if (!claim) throw new AppError(409, messages.refundInProgress);
      }

      let refund;
      try {
        refund = await paypal.refundCapture(payment.paypal_capture_id, {
          amountCents: claim.monto_cents,
          requestId: claim.id,
          invoiceId: payment.token.slice(0, 64),
        });
      } catch (err) {
        log.warn({ err, payment: payment.id }, 'PayPal refund failed');
        // A refusal (4xx) refunded nothing: the claim is given up. Without an answer it stays, and
        // a retry after STALE_CLAIM_MS repeats the same request id.
        if (err instanceof PaypalApiError && err.status < 500) await repo.releaseRefund(deps.db, claim.id);
        throw new AppError(502, messages.refundPaypalFailed);
      }
      const refundedCents = refund.amount ? centsOf(refund.amount.value) : claim.monto_cents;
      if (refund.status !== 'COMPLETED' || refundedCents !== claim.monto_cents || (refund.amount && refund.amount.currency_code !== 'USD')) {
        // PENDING or an odd amount: kept claimed (no second refund) and left for a person to check in PayPal.
        log.error({ payment: payment.id, refund: refund.id, status: refund.status }, 'PayPal refund not completed as asked');
        throw new AppError(502, messages.refundPaypalFailed);
      }
      await inTransaction(deps.db, async (tx) => {
        const done = await repo.completeRefund(tx, claim.id, payment.id, refund.id, at());
        if (done) {
          await repo.insertEvent(tx, {
            payment_id: payment.id,
            evento: 'reembolsado',
            staff_id: staffId,
            detalle: `PayPal ${refund.id}`,
            created_at: at(),
          });
        }
      });
      await deps.notify.refunded({ paymentId: payment.id }, { metodo: payment.metodo_de_pago });
      return { referencia: refund.id, monto_cents: claim.monto_cents };
    },

    /**
     * An administrator records a transfer or Yappy refund already made, with its reference and an
     * optional proof (an image or a PDF, checked by content like the receipts, stored encrypted).
     */
    async recordManualRefund(input: { paymentId: string; staffId: string; referencia: string; file?: { bytes: Buffer; filename: string } }) {
      const payment = await repo.findPayment(deps.db, input.paymentId);
      if (!payment) throw notFound();
      if (payment.metodo_de_pago === 'Paypal o Tarjeta') throw badRequest(messages.refundWrongMethod);
      if (payment.reembolso_estado === 'reembolsado') throw new AppError(409, messages.refundAlreadyDone);
      if (payment.reembolso_estado !== 'pendiente') throw new AppError(409, messages.refundNotDue);
      const proof = input.file;
      const mime = proof ? await assertReceiptFile(proof.bytes, 'archivo') : undefined;
      const file =
        proof && mime ? await storeFile(proof.bytes, { kind: 'refund_proof', mime, nombre: cleanFileName(proof.filename, 'reembolso') }) : undefined;
      try {
        await inTransaction(deps.db, async (tx) => {
          if (file) await repo.insertFile(tx, file);
          const claim = await repo.claimRefund(tx, {
            payment_id: payment.id,
            estado: 'completado',
            metodo: payment.metodo_de_pago,
            monto_cents: payment.monto_cents,
            referencia: input.referencia,
            comprobante_file_id: file?.id ?? null,
            staff_id: input.staffId,
            created_at: at(),
            updated_at: at(),
            completado_at: at(),
          });
          if (!claim) throw new AppError(409, messages.refundAlreadyDone);
          await repo.setRefunded(tx, payment.id);
          await repo.insertEvent(tx, {
            payment_id: payment.id,
            evento: 'reembolsado',
            staff_id: input.staffId,
            detalle: `${payment.metodo_de_pago}: ${input.referencia}`,
            created_at: at(),
          });
        });
      } catch (err) {
        if (file) await storage.delete(file.id).catch(() => undefined);
        throw err;
      }
      await deps.notify.refunded({ paymentId: payment.id }, { metodo: payment.metodo_de_pago });
    },

    /** The patient's own receipts (/Recibo_pagos), newest first. */
    listReceipts: (filter: { patientId: string }) => repo.listReceipts({ ...filter, limit: RECEIPT_LIST_LIMIT }),

    /** One page of everybody's receipts (/Recibo_Admin), optionally by first name (decision 0039). */
    async receiptPage(q: { nombre?: string; cursor?: string; limit: number }) {
      const rows = await repo.listReceipts({ nombre: q.nombre || undefined, after: decodeCursor(q.cursor), limit: q.limit + 1 });
      return toPage(rows, q.limit, (r) => r);
    },

    /** One receipt by token; a patient's view finds only their own (anything else is 404). */
    async receipt(token: string, patientId?: string) {
      const row = await repo.receiptByToken(token, patientId);
      if (!row) throw notFound();
      return row;
    },

    async receiptHistory(paymentId: string) {
      return repo.events(paymentId);
    },

    duplicatesOf: (sha256: string, exceptId: string) => repo.duplicatesOf(sha256, exceptId),

    /** Whether an administrator may approve this purpose from the receipt screen. */
    approvableFromReceipts: (proposito: PaymentPurpose) => effects.approvableFromReceipts(proposito),

    /** The bytes and type of a stored file (decrypted). */
    async readFile(fileId: string) {
      const meta = await repo.fileMeta(fileId);
      if (!meta) throw notFound();
      const bytes = await storage.get(fileId, { encrypted: meta.encrypted });
      return { bytes, mime: meta.mime, nombre: meta.nombre };
    },
  };
}
export type PaymentsService = ReturnType<typeof paymentsService>;
