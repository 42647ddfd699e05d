import crypto from 'node:crypto';
import {
  CHAT_MAX_IMAGES,
  TIMERS,
  messages,
  type ChatMessage,
  type ChatRole,
  type ConsultationEvent,
  type HealthData,
  type ReceiptMethod,
} from '@clinica/shared';
import { AppError, badRequest, notFound } from '../../infra/http/errors.js';
import { assertImage } from '../../infra/http/multipart.js';
import type { Storage } from '../../infra/storage.js';
import type { PubSub } from '../../infra/pubsub.js';
import type { SessionAccount } from '../auth/index.js';
import { inTransaction, type Db, type Tx } from '../../db/client.js';
import { YappyUndeliverable, type PaymentsService, type PurposeEffects, type YappyTarget } from '../payments/index.js';
import type { Notifier } from '../mail/index.js';
import type { SharedThrottle } from '../auth/index.js';
import type {
  ChatConsultation,
  ChatRepository,
  NewChatMessage,
} from './chat.repository.js';
import { sha256 } from '../../infra/token.js';
import { cleanFileName } from '../../infra/http/file-name.js';
import { chatChannel, encodePublished, type PublishedFrame } from './chat.pubsub.js';
import { toChatMessage as toMessage, toTimeFrame, type TranscriptMessage } from './chat.mapper.js';

const HOUR_MS = TIMERS.chatSeconds * 1000;
const DOCTOR_LIST_LIMIT = 200;
// A patient with more open chats than this is not a case a clinic has; the page lists these.
const OTHER_CHATS_LIMIT = 20;
// A consultation's chat state is read from the database at most this often per message stream;
// the chat's own changes (extra hour, overlay closed, exit) drop it at once on every instance
// (their frames pass through the pub/sub), so only an administrator's withdrawal of the permission waits this long.
const ROOM_CACHE_MS = 30_000;
const MAX_BATCH = 500;


export interface ChatDeps {
  db: Db;
  notify: Pick<Notifier, 'staffReceiptPending' | 'paymentReceived'>;
  repo: ChatRepository;
  payments: PaymentsService;
  storage: Storage;
  pubsub: PubSub;
  now: () => number;
  /**
   * The send-rate limits of one sender (a burst window and a steady window); a message counts in
   * every one of them and is refused while any is full. Shared between instances like the login
   * limits (Redis when configured).
   */
  sendLimits?: SharedThrottle[];
  /** The most bytes of images one consultation may hold (QUOTA_IMAGES_MB_PER_CONSULTATION). */
  imageBytesQuota: number;
  /**
   * The consultation state machine's check (modules/consultations/consultation-state.ts): refuses
   * an illegal change with its reason before anything is written; `exec` is the caller's transaction.
   */
  transition: (consultationId: string, event: ConsultationEvent, exec?: Tx) => Promise<unknown>;
}

/** A send's answer: the stored message, or why this id cannot be used. */
export type SendResult = { message: ChatMessage; refusal?: undefined } | { refusal: string; message?: undefined };

/**
 * The chat consultation: the hour kept here (opened with 3600 s, messages refused after it, an
 * approved extra hour adds 3600 s), the messages in order with the server's sender, the health
 * form, the images, exit, and the doctor's view.
 */
export function chatService(deps: ChatDeps) {
  const { repo, pubsub } = deps;
  const at = () => new Date(deps.now());
  // Messages of one consultation are written and published one after the other, so that the
  // order of ids is the order of delivery (a reconnect asks for the ids after the last it has).
  // Group commit: the messages that arrive while a write is under way are written together by
  // the next one (one statement, one commit), then published in id order.
  let pending: {
    c: ChatConsultation;
    row: NewChatMessage & { client_id: string };
    resolve: (r: SendResult) => void;
    reject: (e: unknown) => void;
  }[] = [];
  let writing = false;

  /**
   * Writes a batch and answers each of its sends. A send whose page-made id is already stored is
   * not written again: it is answered with the stored message, and nothing is published (the
   * other side got it the first time). The same id in another consultation, or from another
   * sender, is refused (decision 0033).
   */
  async function writeBatch(batch: typeof pending) {
    const rows = await repo.insertMessages(batch.map((b) => b.row));
    const fresh = new Map(rows.map((r) => [r.client_id, r]));
    const missing = batch.filter((b) => !fresh.has(b.row.client_id)).map((b) => b.row.client_id);
    const stored = new Map((await repo.messagesByClientIds(missing)).map((r) => [r.client_id, r]));
    for (const item of batch) {
      try {
        const id = item.row.client_id;
        const row = fresh.get(id);
        if (row) {
          // The first send of this id in the batch publishes it; a second one in the same batch is a resend.
          fresh.delete(id);
          stored.set(id, row);
          const message = toMessage(item.c, row);
          await publish(item.c.id, { type: 'message', message });
          item.resolve({ message });
          continue;
        }
        const earlier = stored.get(id);
        if (!earlier) throw new Error('chat message neither written nor stored');
        const same =
          earlier.consultation_id === item.c.id &&
          earlier.sender_role === item.row.sender_role &&
          earlier.sender_id === item.row.sender_id;
        item.resolve(same ? { message: toMessage(item.c, earlier) } : { refusal: messages.chatMessageIdTaken });
      } catch (err) {
        item.reject(err);
      }
    }
  }

  async function flush() {
    writing = true;
    try {
      while (pending.length > 0) {
        const batch = pending.slice(0, MAX_BATCH);
        pending = pending.slice(batch.length);
        try {
          await writeBatch(batch);
        } catch (err) {
          // One message the database refuses must not fail the others of the batch, which may
          // belong to other consultations (issue 19): each is written again on its own, and only
          // the one that fails again is refused.
          if (batch.length === 1) {
            batch[0]!.reject(err);
            continue;
          }
          for (const item of batch) await writeBatch([item]).catch((e: unknown) => item.reject(e));
        }
      }
    } finally {
      writing = false;
    }
  }
  const rooms = new Map<string, { c: ChatConsultation; at: number }>();

  const publish = (consultationId: string, frame: PublishedFrame) => {
    if (frame.type !== 'message') rooms.delete(consultationId);
    return pubsub.publish(chatChannel(consultationId), encodePublished(frame));
  };

  /**
   * The chat a patient's call is about: the consultation of `token` (`?consulta=`) when it is the
   * patient's and its chat is allowed, else, without a token, the newest such (decision 0032).
   * Another patient's token gets the same 403 as a consultation without chat: nothing of it shows.
   */
  async function currentOf(patientId: string, token?: string) {
    const c = await repo.currentOfPatient(patientId, token);
    if (!c) throw new AppError(403, messages.chatNotAllowed);
    return c;
  }

  /** Why a message cannot be sent in this consultation now, or null. */
  function refusal(c: ChatConsultation | undefined): string | null {
    if (!c || !c.allowed || c.closed_at) return messages.chatClosed;
    if (!c.ends_at) return messages.chatNotStarted;
    if (c.time_closed_at) return messages.chatTimeClosed;
    if (c.ends_at.getTime() <= deps.now()) return messages.chatTimeOver;
    return null;
  }

  async function applyHour(exec: Tx, consultationId: string) {
    return repo.addHour(exec, consultationId, at());
  }

  async function publishTime(consultationId: string) {
    const room = await repo.room(consultationId);
    if (room) await publish(consultationId, toTimeFrame(room, deps.now()));
  }

  /** The consultation an extra hour would be for; refused once its time was closed. */
  async function extraHourTarget(patientId: string, event: ConsultationEvent, token?: string) {
    const c = await currentOf(patientId, token);
    if (!c.ends_at) throw badRequest(messages.chatNotStarted);
    if (c.time_closed_at) throw new AppError(409, messages.chatTimeClosed);
    await deps.transition(c.id, event);
    return c;
  }

  /** What an extra hour's payment does when decided (payment-effects.ts); the chat plugin registers it. */
  const paymentEffects: PurposeEffects<'hora_extra'> = {
    purpose: 'hora_extra',
    approvableFromReceipts: true,
    // The extra hour of an approved payment, applied once (transfer and Yappy, by an administrator).
    async approved(tx, payment) {
      const link = await repo.claimExtraHourIfOpen(tx, payment.id, at());
      if (link) {
        await deps.transition(link.consultation_id, 'aprobar_hora_extra', tx);
        await applyHour(tx, link.consultation_id);
      }
      // The chat's time ended while the receipt waited: the money was paid and is approved, the hour
      // cannot be used, so it is owed back (decision 0035) rather than the approval being refused.
      else if (await repo.unappliedExtraHour(tx, payment.id)) await deps.payments.markRefundDueIn(tx, payment.id, 'hora_extra_no_usada');
    },
    async rejected(tx, payment) {
      // Read in the rejecting transaction (PGlite has one connection: a read outside it would wait for it).
      const consultationId = await repo.extraHourConsultation(payment.id, tx);
      if (consultationId) await deps.transition(consultationId, 'rechazar_hora_extra', tx);
    },
    async afterApproved(payment) {
      const c = await repo.extraHourConsultation(payment.id);
      if (c) await publishTime(c);
      await deps.payments.tellRefundDue(await deps.payments.owedBack(payment.id));
    },
    // The patient is told by the payments module's own rejection message.
    afterRejected: async () => undefined,
  };

  /**
   * What an extra hour's Yappy order does (decision 0058): paid, the hour is added at once, as a
   * verified PayPal capture does; if the chat's time was closed meanwhile, it cannot be used and the
   * payment is owed back instead (YappyUndeliverable).
   */
  const yappyTarget: YappyTarget = {
    purpose: 'hora_extra',
    async paid(tx, order, payment) {
      const consultationId = order.contexto;
      if (!consultationId) throw new YappyUndeliverable('extra hour without its consultation');
      try {
        await deps.transition(consultationId, 'aprobar_hora_extra', tx);
      } catch (err) {
        if (err instanceof AppError) throw new YappyUndeliverable(`extra hour no longer possible: ${err.message}`);
        throw err;
      }
      await repo.linkExtraHour(tx, payment.id, consultationId);
      await repo.claimExtraHour(tx, payment.id, at());
      await applyHour(tx, consultationId);
    },
    // Nothing is held before the payment.
    released: async () => undefined,
    async afterPaid(order) {
      if (order.contexto) await publishTime(order.contexto);
    },
    afterReleased: async () => undefined,
    async describe(order) {
      const c = order.contexto ? await repo.byId(order.contexto) : undefined;
      return { consulta: c?.token ?? null, numero: c?.numero ?? null };
    },
  };

  /** The chat's time ended (declined, exit): extra hours paid for it and never applied are owed back. */
  async function refundUnusedHours(consultationId: string) {
    const unused = await repo.unappliedExtraHours(consultationId);
    if (unused.length > 0) await deps.payments.markRefundsDue(unused, 'hora_extra_no_usada');
  }

  /** The doctor's open chats, each with its last message (`ultimo`, null before the first). */
  async function doctorChats(doctorId: string) {
    const rows = await repo.openForDoctor(doctorId, DOCTOR_LIST_LIMIT);
    const last = new Map((await repo.lastMessages(rows.map((r) => r.id))).map((m) => [m.consultation_id, m.body]));
    return rows.map((c) => ({ c, ultimo: last.get(c.id) ?? null }));
  }

  return {
    paymentEffects,
    yappyTarget,
    refusal,

    /**
     * GET /api/chat: the patient's chat, their other open chats and the number of its images (the
     * route maps them, chat.mapper.ts). Its hour opens when the patient's socket first joins.
     */
    async state(patient: SessionAccount, token?: string) {
      const c = await currentOf(patient.accountId, token);
      const others = (await repo.openOfPatient(patient.accountId, OTHER_CHATS_LIMIT)).filter((o) => o.id !== c.id);
      return { c, others, images: await repo.countImages(c.id) };
    },

    /**
     * Who joins a consultation's socket: its patient or its assigned doctor, and only while its
     * chat is allowed. Anybody else: 404, as for any record that is not theirs.
     */
    async membership(token: string, rol: ChatRole, account: SessionAccount) {
      const c = await repo.byToken(token);
      const member = c && (rol === 'patient' ? c.patient_id === account.accountId : c.doctor_id === account.accountId);
      if (!c || !member) throw notFound();
      if (!c.allowed || c.closed_at) throw new AppError(403, messages.chatClosed);
      if (rol === 'patient' && !c.ends_at) {
        await deps.transition(c.id, 'abrir_chat');
        await repo.openRoom(c.id, at(), new Date(deps.now() + HOUR_MS));
      }
      return c;
    },

    /** Forgets the cached state of a consultation's chat (its time or its state changed). */
    invalidate(consultationId: string) {
      rooms.delete(consultationId);
    },

    /** The consultation for one message: membership and time are checked every time (on a state at most 5 s old). */
    async recheck(consultationId: string, rol: ChatRole, accountId: string) {
      let c: ChatConsultation | undefined;
      const cached = rooms.get(consultationId);
      // A cached state only ever lets a message through: a refusal is decided on the database's
      // state, because another instance may have opened the room (or added an hour) meanwhile.
      if (cached && deps.now() - cached.at < ROOM_CACHE_MS && refusal(cached.c) === null) c = cached.c;
      else {
        c = await repo.byId(consultationId);
        if (c) rooms.set(consultationId, { c, at: deps.now() });
        else rooms.delete(consultationId);
      }
      if (!c || (rol === 'patient' ? c.patient_id !== accountId : c.doctor_id !== accountId))
        return { c: undefined, refusal: messages.chatClosed };
      return { c, refusal: refusal(c) };
    },

    history: (consultationId: string, since: number) => repo.listForConsultation(consultationId, since),

    /** The whole chat of a consultation, for the doctor's consultation modal (issue 6; mapped by `toChatLine`). */
    transcript: (consultationId: string): Promise<TranscriptMessage[]> => repo.listForConsultation(consultationId),

    /**
     * May this sender send one more message now? Counts it when yes. A refused message is not
     * written and not acknowledged: the page gives its text back (nothing acknowledged is lost).
     */
    async allowSend(consultationId: string, rol: ChatRole, senderId: string) {
      // Per consultation: a doctor answering many patients at once is many conversations.
      const key = `${consultationId}:${rol}:${senderId}`;
      const limits = deps.sendLimits ?? [];
      for (const limit of limits) if (await limit.isBlocked([key])) return false;
      for (const limit of limits) await limit.recordFailure([key]);
      return true;
    },

    /**
     * Writes a message with the server's sender and publishes it, in the order of the ids; a
     * resend of a stored `cid` answers the stored message (written and published once).
     */
    send(c: ChatConsultation, rol: ChatRole, senderId: string, texto: string, cid: string) {
      return new Promise<SendResult>((resolve, reject) => {
        pending.push({
          c,
          row: {
            consultation_id: c.id,
            sender_role: rol,
            sender_id: senderId,
            body: texto,
            created_at: at(),
            client_id: cid,
          },
          resolve,
          reject,
        });
        // After the sockets' pending reads (PGlite does not yield to I/O while it works), so that
        // the messages that arrived together are written together.
        if (!writing) {
          writing = true;
          setImmediate(() => void flush());
        }
      });
    },

    /** The health form of the patient's current consultation. */
    async saveHealth(patient: SessionAccount, data: HealthData, token?: string) {
      const c = await currentOf(patient.accountId, token);
      await repo.saveHealth(
        c.id,
        {
          peso: data.peso,
          talla: data.talla,
          presion_arterial: data.presion_arterial?.replace(/\s+/g, '') ?? null,
          frecuencia_cardiaca: data.frecuencia_cardiaca === undefined ? null : String(data.frecuencia_cardiaca),
          frecuencia_respiratoria:
            data.frecuencia_respiratoria === undefined ? null : String(data.frecuencia_respiratoria),
        },
        at(),
      );
    },

    /** One image of the consultation: checked by content, stored encrypted. */
    async uploadImage(patient: SessionAccount, file: { bytes: Buffer; filename: string }, token?: string) {
      const c = await currentOf(patient.accountId, token);
      const mime = await assertImage(file.bytes);
      const usage = await repo.imageUsage(c.id);
      if (usage.n >= CHAT_MAX_IMAGES) throw badRequest(messages.chatTooManyImages);
      if (usage.bytes + file.bytes.length > deps.imageBytesQuota) throw new AppError(413, messages.quotaConsultationImages);
      const id = crypto.randomUUID();
      await deps.storage.put(id, file.bytes, { encrypt: true });
      const nombre = cleanFileName(file.filename, 'imagen');
      try {
        await repo.insertImage(
          {
            id,
            kind: 'consultation_image',
            mime,
            size: file.bytes.length,
            sha256: sha256(file.bytes, 'hex'),
            nombre,
            encrypted: true,
            created_at: at(),
          },
          c.id,
          at(),
        );
      } catch (err) {
        await deps.storage.delete(id).catch(() => undefined);
        throw err;
      }
    },

    /** Exit: the patient's chat ends and the consultation's chat closes. */
    async exit(patient: SessionAccount, token?: string) {
      const c = await currentOf(patient.accountId, token);
      await deps.transition(c.id, 'salir');
      await repo.exit(c.id, at());
      await refundUnusedHours(c.id);
      await publish(c.id, { type: 'closed', message: messages.chatClosed });
    },

    /** The patient closed the 'Área de Pagos' without paying: the chat time ends now. */
    async declineExtraHour(patient: SessionAccount, token?: string) {
      const c = await currentOf(patient.accountId, token);
      await deps.transition(c.id, 'declinar_hora_extra');
      await repo.closeTime(c.id, at());
      await refundUnusedHours(c.id);
      await publishTime(c.id);
    },

    /** PayPal step 1 of an extra hour: an order for the consultation's service price. */
    async extraHourOrder(patientId: string, monto: number, token?: string) {
      const c = await extraHourTarget(patientId, 'aprobar_hora_extra', token);
      return deps.payments.createPaypalOrder({
        patientId,
        proposito: 'hora_extra',
        servicio: c.servicio,
        monto,
        contexto: c.id,
      });
    },

    /** Yappy's button for an extra hour (decision 0058): the order for the consultation's service price. */
    async startYappyExtraHour(patientId: string, token?: string) {
      const c = await extraHourTarget(patientId, 'aprobar_hora_extra', token);
      return deps.payments.yappy.start({ patientId, proposito: 'hora_extra', servicio: c.servicio, contexto: c.id });
    },

    /** PayPal step 2: captured and verified, the hour is added at once. */
    async extraHourCapture(patientId: string, orderId: string, token?: string) {
      const order = await deps.payments.orderFor(patientId, 'hora_extra', orderId);
      const c = await extraHourTarget(patientId, 'aprobar_hora_extra', token);
      if (order.contexto !== c.id) throw badRequest(messages.paypalPaymentFailed);
      await deps.payments.capturePaypalOrder(order, async (tx, payment) => {
        await deps.transition(c.id, 'aprobar_hora_extra', tx);
        await repo.linkExtraHour(tx, payment.id, c.id);
        await repo.claimExtraHour(tx, payment.id, at());
        await applyHour(tx, c.id);
      });
      await publishTime(c.id);
    },

    /** Transfer or Yappy: the hour is added when an administrator approves the receipt. */
    async extraHourReceipt(
      patientId: string,
      input: { metodo: ReceiptMethod; monto: number; file: { bytes: Buffer; filename: string; field: string } },
      token?: string,
    ) {
      const c = await extraHourTarget(patientId, 'enviar_recibo_hora_extra', token);
      const receipt = await deps.payments.storeReceipt({ servicio: c.servicio, monto: input.monto, file: input.file });
      try {
        await inTransaction(deps.db, async (tx) => {
          const payment = await deps.payments.insertReceiptPaymentIn(
            tx,
            { patientId, proposito: 'hora_extra', servicio: c.servicio, metodo: input.metodo },
            receipt,
          );
          await repo.linkExtraHour(tx, payment.id, c.id);
        });
      } catch (err) {
        await deps.payments.discardReceipt(receipt);
        throw err;
      }
      await deps.notify.staffReceiptPending({ metodo: input.metodo, proposito: 'hora_extra' });
      await deps.notify.paymentReceived({ patientId });
    },

    doctorChats,

    /**
     * One of the doctor's consultations with the health data and images; anybody else's: 404.
     * `ultimo` as in the doctor's list: the last message while the chat is among their open ones.
     */
    async doctorChat(doctorId: string, token: string) {
      const c = await repo.byToken(token);
      if (!c || c.doctor_id !== doctorId) throw notFound();
      const images = await repo.images(c.id);
      const open = (await doctorChats(doctorId)).find((r) => r.c.token === c.token);
      return { c, images, ultimo: open?.ultimo ?? null };
    },

    /** An image of one of the doctor's consultations (decrypted). */
    async doctorImage(doctorId: string, token: string, fileId: string) {
      const c = await repo.byToken(token);
      if (!c || c.doctor_id !== doctorId) throw notFound();
      const images = await repo.images(c.id);
      if (!images.some((i) => i.file_id === fileId)) throw notFound();
      return deps.payments.readFile(fileId);
    },
  };
}
export type ChatService = ReturnType<typeof chatService>;
