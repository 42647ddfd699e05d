import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { files, patients, paymentEvents, payments, paypalOrders, refunds, staff } from '../../db/schema.js';
import { afterCursor, cursorText, type Keyset } from '../../infra/http/keyset.js';
import { nameOrReference } from '../../infra/http/name-search.js';

/** A database or an open transaction (a transaction is a database to the query builder). */
export type Exec = Db;

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = Omit<typeof payments.$inferInsert, 'id'>;
export type PaypalOrderRow = typeof paypalOrders.$inferSelect;
export type NewFile = typeof files.$inferInsert;
export type PaymentEvent = (typeof paymentEvents.$inferInsert)['evento'];
export type RefundRow = typeof refunds.$inferSelect;
export type RefundReasonCode = NonNullable<PaymentRow['reembolso_motivo']>;

const comprobante = alias(files, 'comprobante');
const fiscal = alias(files, 'fiscal');

const duplicateFlag = sql<boolean>`(${payments.comprobante_sha256} IS NOT NULL AND EXISTS (
  SELECT 1 FROM payments p2 WHERE p2.comprobante_sha256 = ${payments.comprobante_sha256} AND p2.id <> ${payments.id}))`;

const receiptColumns = {
  id: payments.id,
  /** The keyset of the lists (creation instant as PostgreSQL's exact text, then id). */
  cursor_at: cursorText(payments.created_at),
  token: payments.token,
  numero: payments.numero,
  nombre: patients.nombre,
  apellido: patients.apellido,
  cedula: patients.cedula,
  celular: patients.celular,
  country_code: patients.country_code,
  correo: patients.correo,
  patient_id: payments.patient_id,
  monto_cents: payments.monto_cents,
  acuerdo: payments.acuerdo,
  metodo_de_pago: payments.metodo_de_pago,
  proposito: payments.proposito,
  servicio: payments.servicio,
  estado: payments.estado,
  revisado: payments.revisado,
  motivo_rechazo: payments.motivo_rechazo,
  created_at: payments.created_at,
  comprobante_sha256: payments.comprobante_sha256,
  comprobante_file_id: payments.comprobante_file_id,
  comprobante_nombre: comprobante.nombre,
  fiscal_file_id: payments.archivo_fiscal_file_id,
  fiscal_nombre: fiscal.nombre,
  posible_duplicado: duplicateFlag,
  reembolso_estado: payments.reembolso_estado,
  reembolso_motivo: payments.reembolso_motivo,
  reembolso_debido_at: payments.reembolso_debido_at,
  reembolso_completado_at: refunds.completado_at,
  reembolso_referencia: refunds.referencia,
  reembolso_file_id: refunds.comprobante_file_id,
  confirmacion_yappy: payments.confirmacion_yappy,
};

/** SQL of payments, PayPal orders, receipt files and the payment history. */
export function paymentsRepository(db: Db) {
  const receipts = (exec: Exec) =>
    exec
      .select(receiptColumns)
      .from(payments)
      .innerJoin(patients, eq(patients.id, payments.patient_id))
      .leftJoin(comprobante, eq(comprobante.id, payments.comprobante_file_id))
      .leftJoin(fiscal, eq(fiscal.id, payments.archivo_fiscal_file_id))
      // Only a completed refund shows (a PayPal refund being claimed is not one yet).
      .leftJoin(refunds, and(eq(refunds.payment_id, payments.id), eq(refunds.estado, 'completado')));

  return {
    async insertOrder(row: typeof paypalOrders.$inferInsert) {
      await db.insert(paypalOrders).values(row);
    },

    async findOrder(id: string) {
      const [row] = await db.select().from(paypalOrders).where(eq(paypalOrders.id, id));
      return row;
    },

    /**
     * Claims an order for capture: only one request moves it from 'creada' to 'capturando'. A
     * claim older than `staleBefore` (a crash between PayPal's answer and our record) may be
     * taken again; PayPal answers the repeated capture from its idempotency memory.
     */
    async claimOrder(id: string, now: Date, staleBefore: Date) {
      const [row] = await db
        .update(paypalOrders)
        .set({ estado: 'capturando', updated_at: now })
        .where(
          and(
            eq(paypalOrders.id, id),
            or(eq(paypalOrders.estado, 'creada'), and(eq(paypalOrders.estado, 'capturando'), lt(paypalOrders.updated_at, staleBefore))),
          ),
        )
        .returning();
      return row;
    },

    async setOrderState(exec: Exec, id: string, estado: PaypalOrderRow['estado'], now: Date) {
      await exec.update(paypalOrders).set({ estado, updated_at: now }).where(eq(paypalOrders.id, id));
    },

    async insertFile(exec: Exec, row: NewFile) {
      await exec.insert(files).values(row);
    },

    async insertPayment(exec: Exec, row: NewPayment) {
      const [inserted] = await exec.insert(payments).values(row).returning();
      return inserted!;
    },

    async insertEvent(
      exec: Exec,
      row: { payment_id: string; evento: PaymentEvent; staff_id?: string | null; detalle?: string | null; created_at: Date },
    ) {
      await exec.insert(paymentEvents).values(row);
    },

    async findPayment(exec: Exec, id: string) {
      const [row] = await exec.select().from(payments).where(eq(payments.id, id));
      return row;
    },

    /**
     * pendiente -> aprobado, once: of simultaneous approvals only one gets the row back. A payment
     * owed back is not approved (what it paid for was cancelled).
     */
    async approvePending(exec: Exec, id: string, staffId: string | null, now: Date) {
      const [row] = await exec
        .update(payments)
        .set({ estado: 'aprobado', decidido_por: staffId, decidido_at: now })
        .where(and(eq(payments.id, id), eq(payments.estado, 'pendiente'), isNull(payments.reembolso_estado)))
        .returning();
      return row;
    },

    /**
     * pendiente -> rechazado with the reason the patient sees, once. A receipt owed back may still
     * be rejected (the money never arrived: nothing to return), not one already returned.
     */
    async rejectPending(exec: Exec, id: string, staffId: string, motivo: string, now: Date) {
      const [row] = await exec
        .update(payments)
        .set({
          estado: 'rechazado',
          motivo_rechazo: motivo,
          decidido_por: staffId,
          decidido_at: now,
          reembolso_estado: null,
          reembolso_motivo: null,
          reembolso_debido_at: null,
        })
        .where(
          and(
            eq(payments.id, id),
            eq(payments.estado, 'pendiente'),
            sql`${payments.reembolso_estado} IS DISTINCT FROM 'reembolsado'`,
            sql`NOT EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = ${payments.id})`,
          ),
        )
        .returning();
      return row;
    },

    // --- refunds (docs/decisions/0035-refunds.md) ---------------------------------------------

    /** Marks a payment owed back, once; only money that may have been received (not a rejected receipt). */
    async markRefundDue(exec: Exec, id: string, motivo: RefundReasonCode, now: Date) {
      const [row] = await exec
        .update(payments)
        .set({ reembolso_estado: 'pendiente', reembolso_motivo: motivo, reembolso_debido_at: now })
        .where(and(eq(payments.id, id), inArray(payments.estado, ['pendiente', 'aprobado']), isNull(payments.reembolso_estado)))
        .returning();
      return row;
    },

    /** Withdraws a refund nobody has started (the clinic authorised the consultation after all). */
    async clearRefundDue(exec: Exec, id: string) {
      const [row] = await exec
        .update(payments)
        .set({ reembolso_estado: null, reembolso_motivo: null, reembolso_debido_at: null })
        .where(
          and(
            eq(payments.id, id),
            eq(payments.reembolso_estado, 'pendiente'),
            sql`NOT EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = ${payments.id})`,
          ),
        )
        .returning();
      return row;
    },

    /**
     * Claims the payment's one refund. The unique index on refunds.payment_id lets exactly one of
     * any number of simultaneous claims through; the others get nothing back.
     */
    async claimRefund(exec: Exec, row: typeof refunds.$inferInsert) {
      const [inserted] = await exec.insert(refunds).values(row).onConflictDoNothing({ target: refunds.payment_id }).returning();
      return inserted;
    },

    async refundOf(exec: Exec, paymentId: string) {
      const [row] = await exec.select().from(refunds).where(eq(refunds.payment_id, paymentId));
      return row;
    },

    /** Takes over a PayPal claim left 'en_proceso' since before `staleBefore` (a crash mid-refund); once. */
    async retakeStaleRefund(exec: Exec, paymentId: string, staleBefore: Date, now: Date) {
      const [row] = await exec
        .update(refunds)
        .set({ updated_at: now })
        .where(and(eq(refunds.payment_id, paymentId), eq(refunds.estado, 'en_proceso'), lt(refunds.updated_at, staleBefore)))
        .returning();
      return row;
    },

    /** Gives up a claim PayPal certainly did not act on, so the refund may be tried again. */
    async releaseRefund(exec: Exec, refundId: string) {
      await exec.delete(refunds).where(and(eq(refunds.id, refundId), eq(refunds.estado, 'en_proceso')));
    },

    /** en_proceso -> completado with PayPal's refund id; the payment becomes 'reembolsado'. */
    async completeRefund(exec: Exec, refundId: string, paymentId: string, referencia: string, now: Date) {
      const [row] = await exec
        .update(refunds)
        .set({ estado: 'completado', referencia, completado_at: now, updated_at: now })
        .where(and(eq(refunds.id, refundId), eq(refunds.estado, 'en_proceso')))
        .returning();
      if (row) await exec.update(payments).set({ reembolso_estado: 'reembolsado' }).where(eq(payments.id, paymentId));
      return row;
    },

    async setRefunded(exec: Exec, paymentId: string) {
      await exec.update(payments).set({ reembolso_estado: 'reembolsado' }).where(eq(payments.id, paymentId));
    },

    /** Sets `revisado`; returns the row only when it changed. */
    async setRevisado(exec: Exec, id: string, revisado: boolean) {
      const [row] = await exec
        .update(payments)
        .set({ revisado })
        .where(and(eq(payments.id, id), sql`${payments.revisado} IS DISTINCT FROM ${revisado}`))
        .returning({ id: payments.id });
      return row;
    },

    async setFiscal(exec: Exec, id: string, fileId: string) {
      await exec.update(payments).set({ archivo_fiscal_file_id: fileId }).where(eq(payments.id, id));
    },

    /**
     * Receipts, newest first (id breaks ties, for the keyset): a patient's own, or everybody's;
     * optionally by the patient's first name (folded prefix), after a page's cursor.
     */
    async listReceipts(filter: { patientId?: string; nombre?: string; after?: Keyset; limit: number }) {
      const conditions = [];
      if (filter.patientId) conditions.push(eq(payments.patient_id, filter.patientId));
      if (filter.nombre) conditions.push(nameOrReference(patients.nombre, payments.numero, filter.nombre));
      if (filter.after) conditions.push(afterCursor(payments.created_at, payments.id, filter.after));
      return receipts(db)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(desc(payments.created_at), desc(payments.id))
        .limit(filter.limit);
    },

    /** One receipt by its token; with `patientId`, only if it is that patient's. */
    async receiptByToken(token: string, patientId?: string) {
      const [row] = await receipts(db).where(
        patientId ? and(eq(payments.token, token), eq(payments.patient_id, patientId)) : eq(payments.token, token),
      );
      return row;
    },

    async receiptById(id: string) {
      const [row] = await receipts(db).where(eq(payments.id, id));
      return row;
    },

    /**
     * The other payments whose receipt has these bytes, with their patient: the warning names who
     * sent the same file and opens that receipt (issue 23), instead of showing a bare token.
     */
    async duplicatesOf(sha256: string, exceptId: string) {
      return db
        .select({ token: payments.token, numero: payments.numero, nombre: patients.nombre, apellido: patients.apellido, patient_id: payments.patient_id })
        .from(payments)
        .innerJoin(patients, eq(patients.id, payments.patient_id))
        .where(and(eq(payments.comprobante_sha256, sha256), sql`${payments.id} <> ${exceptId}`))
        .orderBy(payments.created_at);
    },

    async events(paymentId: string) {
      return db
        .select({
          evento: paymentEvents.evento,
          detalle: paymentEvents.detalle,
          created_at: paymentEvents.created_at,
          nombre: staff.nombre,
          apellido: staff.apellido,
        })
        .from(paymentEvents)
        .leftJoin(staff, eq(staff.id, paymentEvents.staff_id))
        .where(eq(paymentEvents.payment_id, paymentId))
        .orderBy(
          paymentEvents.created_at,
          // Events of one transaction share created_at; PostgreSQL, unlike PGlite, returns them in
          // no particular order, so the order they are written in decides.
          sql`case ${paymentEvents.evento} when 'creado' then 0 when 'factura_adjunta' then 2 else 1 end`,
        );
    },

    async fileMeta(fileId: string) {
      const [row] = await db.select().from(files).where(eq(files.id, fileId));
      return row;
    },
  };
}
export type PaymentsRepository = ReturnType<typeof paymentsRepository>;
