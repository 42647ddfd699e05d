import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  PAYMENT_PURPOSES,
  SERVICE_PRICE_CENTS,
  YAPPY_IPN_STATUSES,
  YAPPY_ORDER_ID_LENGTH,
  messages,
  type PaymentPurpose,
  type Service,
  type YappyIpnQuery,
  type YappyIpnStatus,
} from '@clinica/shared';
import { AppError } from '../../infra/http/errors.js';
import { newToken } from '../../infra/token.js';
import { inTransaction, type Db, type Tx } from '../../db/client.js';
import type { Notifier } from '../mail/index.js';
import type { PaymentEffectsRegistry } from './payment-effects.js';
import type { PaymentRow, PaymentsRepository } from './payments.repository.js';
import { domainHost, yappyHashMatches, type YappyClient } from './yappy-client.js';
import type { YappyOrderRow, YappyRepository } from './yappy.repository.js';

/**
 * What a purpose's module does with a Yappy order (decision 0058), registered once by its plugin
 * like its payment effects: the notification is asynchronous, so what PayPal's capture does through
 * the caller's `record` callback happens here through the purpose's registered target.
 */
export interface YappyTarget {
  purpose: PaymentPurpose;
  /**
   * Inside the paying transaction, after the payment and its effects' `approved`: writes what it
   * pays for (the consultation with its chat open, the appointment confirmed, the hour added).
   * Throws `YappyUndeliverable` when the thing can no longer be delivered (the hour lost, the chat
   * closed): the payment is then recorded owed back instead.
   */
  paid(tx: Tx, order: YappyOrderRow, payment: PaymentRow): Promise<void>;
  /** Inside the transaction that closes a pending order unpaid (or pays it too late): releases what it held. */
  released(tx: Tx, order: YappyOrderRow): Promise<void>;
  /** After the paying commit: the patient's and staff's messages, the chat's clock. */
  afterPaid(order: YappyOrderRow, payment: PaymentRow): Promise<void>;
  /** After a release committed (a freed hour offered to the waitlist). */
  afterReleased(order: YappyOrderRow): Promise<void>;
  /** For the page's poll, once paid: the consultation's token (if any) and the short number of what was paid. */
  describe(order: YappyOrderRow, payment: PaymentRow | undefined): Promise<{ consulta: string | null; numero: number | null }>;
}

/** Thrown by a target whose thing can no longer be delivered when Yappy's payment arrives. */
export class YappyUndeliverable extends Error {}

/** What a notification did, for the route's answer and audit row. */
export type YappyNotificationResult =
  | { outcome: 'refused'; reason: string; orderId: string | null; patientId: string | null }
  | { outcome: 'paid'; order: YappyOrderRow; payment: PaymentRow }
  | { outcome: 'paid_late'; order: YappyOrderRow; payment: PaymentRow }
  | { outcome: 'closed'; order: YappyOrderRow }
  | { outcome: 'unchanged'; order: YappyOrderRow };

const ORDER_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A fresh order id: 15 letters and digits from the CSPRNG (about 89 bits), within Yappy's limit. */
export const newYappyOrderId = () => Array.from({ length: YAPPY_ORDER_ID_LENGTH }, () => ORDER_ALPHABET[crypto.randomInt(ORDER_ALPHABET.length)]).join('');

const CLOSING: Record<Exclude<YappyIpnStatus, 'E'>, 'rechazada' | 'cancelada' | 'expirada'> = { R: 'rechazada', C: 'cancelada', X: 'expirada' };

/** Postgres' unique violation, as pg and PGlite report it. */
const isUniqueViolation = (err: unknown) => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

export interface YappyDeps {
  db: Db;
  repo: PaymentsRepository;
  orders: YappyRepository;
  client: YappyClient;
  effects: PaymentEffectsRegistry;
  now: () => number;
  log: FastifyBaseLogger;
  notify: Pick<Notifier, 'refundDue'>;
  config: { domain: string; hashKey: string; ipnUrl: string; orderMinutes: number };
}

/** Yappy's payment button: orders for the server's amount, the notification that pays them once, the page's poll. */
export function yappyPayments(deps: YappyDeps) {
  const { orders, repo, log } = deps;
  const targets = new Map<PaymentPurpose, YappyTarget>();
  const at = () => new Date(deps.now());

  function targetOf(purpose: PaymentPurpose) {
    const t = targets.get(purpose);
    if (!t) throw new Error(`no Yappy target registered for purpose '${purpose}'`);
    return t;
  }

  /** The approved payment of a paid order, its events, the order linked to it. */
  async function insertYappyPayment(tx: Tx, order: YappyOrderRow, confirmacion: string | null, detalle: string) {
    const payment = await repo.insertPayment(tx, {
      token: newToken(24),
      patient_id: order.patient_id,
      proposito: order.proposito,
      servicio: order.servicio,
      // The server's own amount, from its stored order: the notification carries none.
      monto_cents: order.monto_cents,
      metodo_de_pago: 'Yappy',
      estado: 'aprobado',
      acuerdo: true,
      yappy_order_id: order.id,
      confirmacion_yappy: confirmacion,
      decidido_at: at(),
      created_at: at(),
    });
    await repo.insertEvent(tx, { payment_id: payment.id, evento: 'creado', detalle: 'Yappy (botón de pago)', created_at: at() });
    await repo.insertEvent(tx, { payment_id: payment.id, evento: 'aprobado', detalle, created_at: at() });
    await orders.linkPayment(tx, order.id, payment.id);
    return payment;
  }

  /** Closes a pending order unpaid and releases what it held; returns the order when this call closed it. */
  async function closeOrder(id: string, estado: 'rechazada' | 'cancelada' | 'expirada') {
    const closed = await inTransaction(deps.db, async (tx) => {
      const row = await orders.close(tx, id, estado, at());
      if (row) await targetOf(row.proposito).released(tx, row);
      return row;
    });
    if (closed) await targetOf(closed.proposito).afterReleased(closed).catch((err: unknown) => log.error({ err, order: id }, 'Yappy release follow-up failed'));
    return closed;
  }

  /**
   * Yappy confirmed an order that lapsed, was closed, or whose thing cannot be delivered any more:
   * the money is recorded (approved, with Yappy's confirmation) and owed back at once; nothing is
   * delivered. Once per order.
   */
  async function payLate(id: string, confirmacion: string | null) {
    const result = await inTransaction(deps.db, async (tx) => {
      const before = await orders.lock(tx, id);
      if (!before) return undefined;
      const row = await orders.claimPaidLate(tx, id, confirmacion, at());
      if (!row) return undefined;
      if (before.estado === 'pendiente') await targetOf(row.proposito).released(tx, row);
      const payment = await insertYappyPayment(tx, row, confirmacion, 'Confirmado por Yappy fuera de plazo: se devuelve');
      const owed = await repo.markRefundDue(tx, payment.id, 'yappy_pago_tardio', at());
      if (owed) await repo.insertEvent(tx, { payment_id: payment.id, evento: 'reembolso_debido', detalle: 'yappy_pago_tardio', created_at: at() });
      return { order: row, payment: owed ?? payment, released: before.estado === 'pendiente' };
    });
    if (!result) return undefined;
    if (result.released) await targetOf(result.order.proposito).afterReleased(result.order).catch(() => undefined);
    // notify never throws: a notice that cannot be queued is logged by the notifier itself.
    await deps.notify.refundDue({ paymentId: result.payment.id }, { metodo: 'Yappy' });
    return result;
  }

  return {
    /** A purpose's module says once (its plugin) what its Yappy orders do. */
    registerTarget(target: YappyTarget) {
      if (targets.has(target.purpose)) throw new Error(`Yappy target for '${target.purpose}' registered twice`);
      targets.set(target.purpose, target);
    },
    assertTargetsComplete() {
      const missing = PAYMENT_PURPOSES.filter((p) => !targets.has(p));
      if (missing.length > 0) throw new Error(`payment purposes without a Yappy target: ${missing.join(', ')}`);
    },

    /** When an order started now lapses (an appointment's hold lasts as long). */
    expiryFromNow: () => new Date(deps.now() + deps.config.orderMinutes * 60_000),

    /**
     * Starts an order at Yappy for the server's price of the service and remembers it with what it
     * pays for (`contexto`, and `datos` sealed). Returns the row and what `<btn-yappy>` needs.
     */
    async start(input: {
      patientId: string;
      proposito: PaymentPurpose;
      servicio: Service;
      contexto?: string | null;
      datos?: string | null;
      expiraAt?: Date;
    }) {
      const id = newYappyOrderId();
      const amountCents = SERVICE_PRICE_CENTS[input.servicio];
      let created;
      try {
        created = await deps.client.createOrder({ orderId: id, amountCents, ipnUrl: deps.config.ipnUrl });
      } catch (err) {
        log.error({ err }, 'Yappy order creation failed');
        throw new AppError(502, messages.yappySetupFailed);
      }
      const row = await orders.insert({
        id,
        patient_id: input.patientId,
        proposito: input.proposito,
        servicio: input.servicio,
        monto_cents: amountCents,
        estado: 'pendiente',
        contexto: input.contexto ?? null,
        datos: input.datos ?? null,
        transaction_id: created.transactionId,
        expira_at: input.expiraAt ?? new Date(deps.now() + deps.config.orderMinutes * 60_000),
        created_at: at(),
        updated_at: at(),
      });
      return { order: row, yappy: created };
    },

    /**
     * Yappy's notification. Refused (and nothing written) unless the hash made with the clinic's
     * key checks out in constant time, the domain is the clinic's, the status is one Yappy sends and
     * the order is ours. Then: E pays a pending order once, or records a late one owed back;
     * R, C and X close a pending order unpaid and release what it held; anything else is a replay.
     */
    async notification(q: YappyIpnQuery): Promise<YappyNotificationResult> {
      const hash = q.hash ?? q.Hash;
      const orderId = q.orderId ?? null;
      const refuse = (reason: string, patientId: string | null = null): YappyNotificationResult => ({ outcome: 'refused', reason, orderId, patientId });
      if (!hash || !q.orderId || !q.status || !q.domain) return refuse('missing parameters');
      if (!yappyHashMatches(deps.config.hashKey, q.orderId, q.status, q.domain, hash)) return refuse('hash mismatch');
      if (domainHost(q.domain) !== domainHost(deps.config.domain)) return refuse('domain mismatch');
      if (!(YAPPY_IPN_STATUSES as readonly string[]).includes(q.status)) return refuse('unknown status');
      const status = q.status as YappyIpnStatus;
      const known = await orders.find(deps.db, q.orderId);
      if (!known) return refuse('unknown order');
      const confirmacion = q.confirmationNumber?.trim().slice(0, 100) || null;

      if (status !== 'E') {
        const closed = await closeOrder(known.id, CLOSING[status]);
        return closed ? { outcome: 'closed', order: closed } : { outcome: 'unchanged', order: known };
      }

      const target = targetOf(known.proposito);
      let paid: { order: YappyOrderRow; payment: PaymentRow } | undefined;
      try {
        paid = await inTransaction(deps.db, async (tx) => {
          const row = await orders.claimPaid(tx, known.id, confirmacion, at());
          if (!row) return undefined;
          const payment = await insertYappyPayment(tx, row, confirmacion, `Confirmado por Yappy${confirmacion ? ` (${confirmacion})` : ''}`);
          await deps.effects.dispatch({ type: 'approved', tx, payment, staffId: null });
          await target.paid(tx, row, payment);
          return { order: { ...row, payment_id: payment.id }, payment };
        });
      } catch (err) {
        if (isUniqueViolation(err)) return { outcome: 'unchanged', order: known };
        if (err instanceof YappyUndeliverable) {
          log.warn({ order: known.id, reason: err.message }, 'Yappy payment arrived for something no longer deliverable');
        } else {
          // Yappy confirmed the money and documents neither a retry nor a way to ask again: a
          // delivery that failed for any other reason (a database error, corrupt order data) must
          // not leave a charged patient with no record. The money is recorded and owed back below.
          log.error({ err, order: known.id }, 'Yappy payment could not be delivered: recorded and owed back');
        }
      }
      if (paid) {
        await target.afterPaid(paid.order, paid.payment).catch((err: unknown) => log.error({ err, order: known.id }, 'Yappy payment follow-up failed'));
        return { outcome: 'paid', ...paid };
      }
      // Not claimed: already paid (a replay), or lapsed/closed/undeliverable (paid too late).
      const now = await orders.find(deps.db, known.id);
      if (!now || now.estado === 'pagada' || now.estado === 'pagada_tarde') return { outcome: 'unchanged', order: now ?? known };
      const late = await payLate(known.id, confirmacion);
      return late ? { outcome: 'paid_late', order: late.order, payment: late.payment } : { outcome: 'unchanged', order: now };
    },

    /**
     * The page's poll: the patient's own order (anybody else's: 404, as if there were none). A
     * pending order past its time is closed here (and its hold released) rather than waiting for the sweep.
     */
    async state(patientId: string, id: string) {
      let order = await orders.find(deps.db, id);
      if (!order || order.patient_id !== patientId) throw new AppError(404, messages.yappyOrderNotFound);
      if (order.estado === 'pendiente' && order.expira_at.getTime() <= deps.now()) {
        order = (await closeOrder(order.id, 'expirada')) ?? (await orders.find(deps.db, id)) ?? order;
      }
      const payment = order.payment_id ? await repo.findPayment(deps.db, order.payment_id) : undefined;
      const shown = order.estado === 'pagada' ? await targetOf(order.proposito).describe(order, payment) : { consulta: null, numero: null };
      return { order, payment, ...shown };
    },

    /** The sweep: pending orders past their time are closed unpaid and their holds released. Returns how many. */
    async expireLapsed() {
      let n = 0;
      for (const { id } of await orders.lapsed(at())) {
        if (await closeOrder(id, 'expirada')) n++;
      }
      return n;
    },

    /** The order row (tests and the stand-in's demo). */
    find: (id: string) => orders.find(deps.db, id),
  };
}
export type YappyPayments = ReturnType<typeof yappyPayments>;
