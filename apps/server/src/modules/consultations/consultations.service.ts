import {
  CONSULTATION_TRANSITIONS,
  SESSION_ABSOLUTE_MS,
  isVirtualConsultationOpen,
  messages,
  type AuthorisationStatus,
  type ConsultationClassification,
  type ConsultationEvent,
  type ConsultationPaypalCapture,
  type ConsultationPaypalOrder,
  type ConsultationReceipt,
  type ConsultationRequest,
  type ConsultationYappyOrder,
  type Service,
  consultationRequestSchema,
} from '@clinica/shared';
import { z } from 'zod';
import { AppError, badRequest, notFound } from '../../infra/http/errors.js';
import type { DoctorsRepository } from '../doctors/index.js';
import type { PaymentRow } from '../payments/index.js';
import { inTransaction, type Db, type Tx } from '../../db/client.js';
import { YappyUndeliverable, type PaymentsService, type PurposeEffects, type YappyTarget } from '../payments/index.js';
import type { Notifier } from '../mail/index.js';
import { newToken } from '../../infra/token.js';
import { decodeCursor, toPage } from '../../infra/http/keyset.js';
import type { ConsultationsRepository } from './consultations.repository.js';
import { assertTransition } from './consultation-state.js';

/** The state machine's event of each classification of the administrator. */
const CLASSIFICATION_EVENTS: Record<ConsultationClassification['tipo_consulta'], ConsultationEvent> = {
  tipo_a: 'clasificar_a',
  tipo_b: 'clasificar_b',
  tipo_c: 'clasificar_c',
  quitar_permiso: 'quitar_permiso',
};

// A consent given longer ago than a session lasts is asked again.
const CONSENT_VALID_MS = SESSION_ABSOLUTE_MS;
// A patient's own consultations: a handful, read at once (the staff list pages, decision 0039).
const LIST_LIMIT = 500;
// Consultations not closed that the way back looks at: more than a patient ever has open.
const ACTIVE_LIMIT = 50;

/** A consultation request waiting on its Yappy order (sealed in the order's `datos`) until Yappy confirms the payment. */
const yappyRequestSchema = z.object({ request: consultationRequestSchema, consentimiento_at: z.iso.datetime() });

/** What the waiting page's poll needs of a consultation. */
export interface WaitingFacts {
  estado_pago: string;
  motivo_rechazo: string | null;
  tipo_de_consulta: string | null;
  estado_consulta: number;
  permiso_chat: boolean;
}

/** Where a consultation stands for the patient's waiting page (what to tell them: consultations.mapper.ts). */
export type WaitingEstado = Exclude<AuthorisationStatus['estado'], 'sin_consulta'>;

function waitingState(c: WaitingFacts): WaitingEstado {
  if (c.estado_pago === 'rechazado') return 'rechazada';
  if (c.tipo_de_consulta === 'tipo_c') return 'emergencia';
  if (c.estado_consulta === 0) return 'cerrada';
  if (c.permiso_chat && c.estado_pago === 'aprobado') return 'autorizada';
  if (c.tipo_de_consulta === 'quitar_permiso') return 'sin_permiso';
  return 'pendiente';
}

/** A consultation not closed, as the way back reads it. */
export type ActiveRow = Awaited<ReturnType<ConsultationsRepository['unclosedOfPatient']>>[number];

export interface ConsultationsDeps {
  db: Db;
  notify: Pick<Notifier, 'consultationAuthorised' | 'consultationReceived' | 'staffReceiptPending' | 'consultationClassified'>;
  repo: ConsultationsRepository;
  doctors: DoctorsRepository;
  payments: PaymentsService;
  now: () => number;
  /** Test-only (TEST_ONLY_IGNORE_CONSULTATION_HOURS): the browser tests run on real time. */
  ignoreHours: boolean;
}

/**
 * Virtual consultations: consent, the request with its payment, the authorisation that opens
 * the chat, and the administrators' classification (docs/spec/decisions.md, "Virtual consultations").
 */
export function consultationsService(deps: ConsultationsDeps) {
  const { repo, payments } = deps;
  const at = () => new Date(deps.now());

  const isOpen = () => deps.ignoreHours || isVirtualConsultationOpen(deps.now());

  function assertOpen() {
    if (!isOpen()) throw badRequest(messages.consultationOutsideHours);
  }

  /** The time of the patient's consent; refused without a recent 'si'. */
  async function consentTime(patientId: string) {
    const consent = await repo.latestConsent(patientId);
    if (!consent || consent.aceptar !== 'si' || deps.now() - consent.created_at.getTime() > CONSENT_VALID_MS) {
      throw new AppError(400, messages.consentRequired, { aceptar: messages.consentRequired });
    }
    return consent.created_at;
  }

  async function assertDoctor(servicio: Service, doctorId: string) {
    const doctor = await deps.doctors.findInService(doctorId, servicio);
    if (!doctor) throw badRequest(messages.doctorNotInService, { doctor_id: messages.doctorNotInService });
    return doctor;
  }

  /** Writes the consultation a payment pays for, in the payment's transaction. */
  const recordConsultation =
    (patientId: string, request: ConsultationRequest, consentAt: Date, permiso: boolean) => async (tx: Tx, payment: PaymentRow) => {
      const row = await repo.insert(tx, {
        token: newToken(24),
        patient_id: patientId,
        doctor_id: request.doctor_id,
        servicio: request.servicio,
        sintomas: request.sintomas,
        antecedentes_familiares: request.antecedentesFamiliares,
        antecedentes_personales: request.antecedentesPersonales,
        antecedentes_quirurgicos: request.antecedentesQuirurgicos,
        alergias: request.alergias,
        otros_datos: request.otrosDatos,
        consentimiento_at: consentAt,
        payment_id: payment.id,
        permiso_chat: permiso,
        fecha_registro: at(),
      });
      await repo.markFirstConsultationUsed(tx, patientId);
      return row;
    };

  /** What a consultation's payment does when decided (payment-effects.ts); the consultations plugin registers it. */
  const paymentEffects: PurposeEffects<'consulta'> = {
    purpose: 'consulta',
    // Approved by classifying the consultation (tipo_a, tipo_b), never from the receipt screen.
    approvableFromReceipts: false,
    // The classification that approves it writes the consultation itself (classify, below).
    approved: async () => undefined,
    // A consultation's receipt rejected from /Recibo_Admin goes through the state machine too (the
    // payment row is already 'rechazado' in this transaction: the check is against the state before).
    async rejected(tx, payment) {
      const c = await repo.byPayment(tx, payment.id);
      if (!c) return;
      await assertTransition(tx, c.id, 'rechazar_pago', deps.now(), {
        lock: true,
        adjust: (s) => ({ ...s, pago: { estado: 'pendiente', motivo_rechazo: null } }),
      });
    },
    afterApproved: async () => undefined,
    // The patient is told by the payments module's own rejection message.
    afterRejected: async () => undefined,
  };

  /**
   * What a consultation's Yappy order does (decision 0058): once Yappy's notification pays it, the
   * consultation is written from the request kept on the order, with the chat allowed at once,
   * exactly as a verified PayPal capture does.
   */
  const yappyTarget: YappyTarget = {
    purpose: 'consulta',
    async paid(tx, order, payment) {
      const saved = yappyRequestSchema.safeParse(order.datos ? JSON.parse(order.datos) : null);
      if (!saved.success) throw new YappyUndeliverable('consultation request unreadable');
      // The doctor was checked in the service when the order started, like a PayPal order; only the
      // transaction is read here (PGlite has one connection: a read outside it would wait for it).
      await recordConsultation(order.patient_id, saved.data.request, new Date(saved.data.consentimiento_at), true)(tx, payment);
    },
    // Nothing is written before the payment: nothing to release.
    released: async () => undefined,
    async afterPaid(order, payment) {
      const ref = await repo.referenceOfPayment(deps.db, payment.id);
      if (ref) await deps.notify.consultationAuthorised({ patientId: order.patient_id }, { consultationId: ref.token });
    },
    afterReleased: async () => undefined,
    async describe(_order, payment) {
      const ref = payment ? await repo.referenceOfPayment(deps.db, payment.id) : undefined;
      return { consulta: ref?.token ?? null, numero: ref?.numero ?? null };
    },
  };

  return {
    paymentEffects,
    yappyTarget,

    /**
     * Yappy step 1 (decision 0058): every check a request needs (hours, consent, doctor), then the
     * order at Yappy for the server's price; the request waits on the order, sealed, until Yappy's
     * notification pays it (yappyTarget.paid).
     */
    async startYappy(patientId: string, input: ConsultationYappyOrder) {
      assertOpen();
      const consentAt = await consentTime(patientId);
      await assertDoctor(input.servicio, input.doctor_id);
      return payments.yappy.start({
        patientId,
        proposito: 'consulta',
        servicio: input.servicio,
        contexto: input.doctor_id,
        datos: JSON.stringify({ request: input, consentimiento_at: consentAt.toISOString() }),
      });
    },

    /** Whether requests are accepted now (the clinic's hours for virtual consultations). */
    isOpen,

    /** Records the consent answer with its time. */
    async recordConsent(patientId: string, aceptar: 'si' | 'no') {
      await repo.insertConsent(patientId, aceptar, at());
    },

    /** PayPal step 1: the order for the server's price, after every check a request needs. */
    async createPaypalOrder(patientId: string, input: ConsultationPaypalOrder) {
      assertOpen();
      await consentTime(patientId);
      await assertDoctor(input.servicio, input.doctor_id);
      return payments.createPaypalOrder({
        patientId,
        proposito: 'consulta',
        servicio: input.servicio,
        monto: input.monto,
        contexto: input.doctor_id,
      });
    },

    /**
     * PayPal step 2: the approved order is captured and verified; the consultation is recorded
     * with the chat permission at once. The order must be this patient's, for this service and
     * doctor (the price was the order's). Hours were checked when the order was created.
     */
    async capturePaypal(patientId: string, input: ConsultationPaypalCapture) {
      const { orderID, payerID: _payer, ...request } = input;
      const order = await payments.orderFor(patientId, 'consulta', orderID);
      if (order.servicio !== request.servicio || order.contexto !== request.doctor_id) throw badRequest(messages.paypalPaymentFailed);
      const consentAt = await consentTime(patientId);
      await assertDoctor(request.servicio, request.doctor_id);
      const { result } = await payments.capturePaypalOrder(order, recordConsultation(patientId, request, consentAt, true));
      await deps.notify.consultationAuthorised({ patientId }, { consultationId: result.token });
      return { token: result.token };
    },

    /** Transfer or Yappy: the receipt stored encrypted, the payment pending, the chat not yet allowed. */
    async submitReceipt(patientId: string, input: ConsultationReceipt, file: { bytes: Buffer; filename: string; field: string }) {
      assertOpen();
      const consentAt = await consentTime(patientId);
      await assertDoctor(input.servicio, input.doctor_id);
      const { metodo_de_pago, monto, ...request } = input;
      const receipt = await payments.storeReceipt({ servicio: input.servicio, monto, file });
      let row;
      try {
        row = await inTransaction(deps.db, async (tx) => {
          const payment = await payments.insertReceiptPaymentIn(
            tx,
            { patientId, proposito: 'consulta', servicio: input.servicio, metodo: metodo_de_pago },
            receipt,
          );
          return recordConsultation(patientId, request, consentAt, false)(tx, payment);
        });
      } catch (err) {
        await payments.discardReceipt(receipt);
        throw err;
      }
      await deps.notify.consultationReceived({ patientId });
      await deps.notify.staffReceiptPending({ metodo: metodo_de_pago, proposito: 'consulta' });
      return { token: row.token };
    },

    /**
     * The waiting page's poll: where the patient's consultation of `token` stands (another
     * patient's token: as if there were none), or without a token their newest.
     */
    async waiting(patientId: string, token?: string) {
      const c = await repo.latestOfPatient(patientId, token);
      return c ? { c, estado: waitingState(c) } : undefined;
    },

    /**
     * The way back (decision 0032): the patient's consultations still waiting for the clinic and
     * those whose chat is open (allowed, not exited, its time not ended by a refused extra hour),
     * newest first (each open chat's seconds left: the route, by the server's clock).
     */
    async active(patientId: string) {
      const rows = await repo.unclosedOfPatient(patientId, ACTIVE_LIMIT);
      const found: { c: ActiveRow; estado: 'pendiente' | 'chat' }[] = [];
      for (const c of rows) {
        const estado = waitingState(c);
        if (estado === 'pendiente') found.push({ c, estado: 'pendiente' });
        else if (estado === 'autorizada' && c.room_closed_at === null && c.time_closed_at === null) found.push({ c, estado: 'chat' });
      }
      return found;
    },

    /** The consultation whose chat the patient may open (of `token`, else their newest); none: 403. */
    async chatConsultation(patientId: string, token?: string) {
      const c = await repo.chatAllowed(patientId, token);
      if (!c) throw new AppError(403, messages.chatNotAllowed);
      return c;
    },

    /** The patient's own consultations (/Consultas), newest first. */
    list: (filter: { patientId: string }) => repo.list({ ...filter, limit: LIST_LIMIT }),

    /** One page of everybody's consultations (/Consultas_Admin), optionally by first name (decision 0039). */
    async adminPage(q: { nombre?: string; cursor?: string; limit: number }) {
      const rows = await repo.list({ nombre: q.nombre || undefined, after: decodeCursor(q.cursor), limit: q.limit + 1 });
      return toPage(rows, q.limit, (r) => r);
    },

    /** One consultation by token, with its images; a patient's view finds only their own. */
    async detail(token: string, patientId?: string) {
      const row = await repo.detail(token, patientId);
      if (!row) throw notFound();
      return { row, images: await repo.images(row.id) };
    },

    /** A file of the consultation (exam file or one of its images), for whoever may see the consultation. */
    async file(token: string, which: { kind: 'exam' } | { kind: 'image'; fileId: string }, patientId?: string) {
      const row = await repo.detail(token, patientId);
      if (!row) throw notFound();
      let fileId: string | null = null;
      if (which.kind === 'exam') fileId = row.archivo_examenes_file_id;
      else if (await repo.hasImage(row.id, which.fileId)) fileId = which.fileId;
      if (!fileId) throw notFound();
      return payments.readFile(fileId);
    },

    /**
     * actualizar_consulta.php. tipo_a / tipo_b allow the chat and approve the pending payment
     * (once, whoever else approves at the same moment); tipo_c and 'Quitar Permiso' withdraw it.
     */
    async classify(staffId: string, input: ConsultationClassification) {
      const refund = await inTransaction(deps.db, async (tx) => {
        const c = await repo.lockForUpdate(tx, input.consulta_id);
        if (!c) throw notFound();
        if (c.correo !== input.correo) throw badRequest(messages.consultationEmailMismatch, { correo: messages.consultationEmailMismatch });
        // The state machine decides first: nothing is approved or written for an illegal change.
        const { to } = await assertTransition(tx, c.id, CLASSIFICATION_EVENTS[input.tipo_consulta], deps.now());
        if (input.estado_consulta === 0 && !CONSULTATION_TRANSITIONS.cerrar[to]) throw new AppError(409, messages.transitionNotAllowed);
        let permiso = false;
        let owed: PaymentRow | undefined;
        if (input.tipo_consulta === 'tipo_a' || input.tipo_consulta === 'tipo_b') {
          // Authorised after all: a refund nobody started is withdrawn; money already returned is not charged again.
          await payments.clearRefundDueIn(tx, c.payment_id, staffId);
          const { payment } = await payments.approveIn(tx, c.payment_id, staffId);
          if (payment?.reembolso_estado) throw new AppError(409, messages.refundedCannotAuthorise);
          if (!payment || payment.estado !== 'aprobado') throw new AppError(409, messages.paymentRejectedCannotAuthorise);
          permiso = true;
        } else if (!c.chat_used) {
          // Rejected or referred to a hospital before any chat: nothing was delivered (decision 0035).
          owed = await payments.markRefundDueIn(
            tx,
            c.payment_id,
            input.tipo_consulta === 'tipo_c' ? 'consulta_tipo_c' : 'consulta_sin_permiso',
            staffId,
          );
        }
        await repo.classify(tx, c.id, {
          tipo_de_consulta: input.tipo_consulta,
          estado_consulta: input.estado_consulta,
          permiso_chat: permiso,
          updated_at: at(),
        });
        return owed;
      });
      await payments.tellRefundDue(refund);
      await deps.notify.consultationClassified({ patientEmail: input.correo }, { consultationId: input.consulta_id, tipo: input.tipo_consulta });
      return { refundDue: refund !== undefined };
    },
  };
}
export type ConsultationsService = ReturnType<typeof consultationsService>;
