import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '@clinica/shared';
import type { Mailer } from './mailer.plugin.js';
import type { RecipientsRepository } from './recipients.repository.js';
import {
  renderMail,
  type AppointmentData,
  type MailContext,
  type MailLang,
  type RefundMailMethod,
  type TemplateData,
  type TemplateKind,
} from './mail.templates.js';
import { sha256 } from '../../infra/token.js';
import { isWhatsappKind, whatsappParams } from './whatsapp/whatsapp-templates.js';

/**
 * Whom a message is for: an account (looked up by id, by a patient's e-mail, or as the patient
 * of a payment), or an address and a name.
 */
export type Recipient = (
  | { patientId: string }
  | { patientEmail: string }
  | { paymentId: string }
  | { staffId: string }
  | { correo: string; nombre: string }
) & {
  /** The person's language; Spanish until the interface has others (issue 9). */
  lang?: MailLang;
};

/** How a payment that waits for review came in, and what it pays for. */
export interface PendingReceipt {
  metodo: 'Transferencia' | 'Yappy';
  proposito: 'consulta' | 'cita' | 'hora_extra';
}

const REVIEW_PATH: Record<PendingReceipt['proposito'], string> = {
  consulta: '/Consultas_Admin',
  cita: '/Citas_Admin',
  hora_extra: '/Recibo_Admin',
};


/**
 * The only messages an unverified patient address receives (issue 18): the verification link and
 * password messages, which say nothing about health. Everything else waits for the verification,
 * so a registration of someone else's address learns nothing about that person.
 */
const UNVERIFIED_KINDS: ReadonlySet<TemplateKind> = new Set(['emailVerification', 'passwordReset', 'passwordResetUnverified', 'passwordChanged']);

/**
 * An appointment's reminder for one lead time (decision 0052), or without one the key the
 * confirmation used to queue its single reminder under (still withdrawn with the appointment).
 */
export const reminderKey = (appointmentId: string, horas?: number) =>
  horas === undefined ? `appointment-reminder:${appointmentId}` : `appointment-reminder:${appointmentId}:${horas}`;

/**
 * The messages other modules send, one typed call each. A call only queues the message (one
 * INSERT); it never throws: a message that cannot be queued is logged, and the action that
 * caused it (a registration, a payment) still succeeds.
 */
export function createNotifier(deps: {
  mail: Mailer;
  recipients: RecipientsRepository;
  ctx: MailContext;
  now: () => number;
  log: FastifyBaseLogger;
  /** The reminders' lead times (APPOINTMENT_REMINDER_HOURS): a cancellation withdraws each unsent one. */
  reminderHours?: readonly number[];
  /** The E.164 number of a profile's country code and mobile, or null (whatsapp/whatsapp-number.ts). */
  whatsappNumber?: (countryCode: string, celular: string) => string | null;
}) {
  const { mail, recipients, ctx, log } = deps;

  async function resolve(to: Recipient) {
    if ('correo' in to) return { correo: to.correo, nombre: to.nombre };
    if ('patientId' in to) return recipients.patient(to.patientId);
    if ('patientEmail' in to) return recipients.patientByEmail(to.patientEmail);
    if ('paymentId' in to) return recipients.patientOfPayment(to.paymentId);
    return recipients.staff(to.staffId);
  }

  /**
   * A notice goes by WhatsApp (decision 0059) when it has a template, WhatsApp is on and the
   * patient consents and has a valid number now; the worker checks the consent again when it sends.
   */
  async function whatsappOf<K extends TemplateKind>(kind: K, data: TemplateData[K], patientId: string | undefined) {
    if (!patientId || !mail.whatsappEnabled || !isWhatsappKind(kind) || !deps.whatsappNumber) return undefined;
    // A failed lookup must not cost the notice its e-mail: without an answer it goes by e-mail.
    const row = await recipients.whatsapp(patientId).catch((err: unknown) => {
      log.error({ err, kind }, 'WhatsApp consent lookup failed: the notice goes by e-mail');
      return null;
    });
    if (!row || !deps.whatsappNumber(row.country_code, row.celular)) return undefined;
    return { kind, params: whatsappParams(kind, data as TemplateData[typeof kind], ctx) };
  }

  async function send<K extends TemplateKind>(
    kind: K,
    to: Recipient,
    data: TemplateData[K],
    opts: { sendAt?: Date; dedupeKey?: string } = {},
  ) {
    try {
      const who = await resolve(to);
      if (!who) {
        // A document may be made out to an e-mail that has no account: nobody to tell.
        log.info({ kind }, 'mail not queued: no such recipient');
        return;
      }
      if ('verified' in who && who.verified === false && !UNVERIFIED_KINDS.has(kind)) {
        log.info({ kind }, 'mail not queued: the patient has not verified the address');
        return;
      }
      const rendered = renderMail(kind, data, { nombre: who.nombre, lang: to.lang }, ctx);
      // Staff and bare addresses have no id: only a patient's notice can go by WhatsApp.
      const patientId = 'id' in who && typeof who.id === 'string' ? who.id : undefined;
      await mail.enqueue({ kind, to: who.correo, ...rendered, ...opts, patientId, whatsapp: await whatsappOf(kind, data, patientId) });
    } catch (err) {
      log.error({ err, kind }, 'mail not queued');
    }
  }

  const none = {} as Record<string, never>;
  const once = (key: string, c?: { consultationId: string }) => (c ? { dedupeKey: `${key}:${c.consultationId}` } : {});
  const consultationAuthorised = (to: Recipient, c?: { consultationId: string }) =>
    send('consultationAuthorised', to, none, once('consultation-authorised', c));
  const consultationReferred = (to: Recipient, c?: { consultationId: string }) =>
    send('consultationReferred', to, none, once('consultation-referred', c));

  return {
    /** Registration welcome with the e-mail verification link, and each link sent again (issue 18). */
    emailVerification: (to: Recipient, data: { token: string }) => send('emailVerification', to, data),
    /** 'Forgot password' for an address that only unverified registrations use: no link, what to do instead. */
    passwordResetUnverified: (to: Recipient) => send('passwordResetUnverified', to, none),
    /** The password-reset link (modules/password-recovery). */
    passwordReset: (to: Recipient, data: { token: string; role: Role }) => send('passwordReset', to, data),
    /** Tells the account's owner that the password was changed. */
    passwordChanged: (to: Recipient, data: { role: Role }) =>
      send('passwordChanged', to, { ...data, at: new Date(deps.now()) }),
    /**
     * Tells the owner of a login that wrong passwords locked it for unknown browsers (issue 18);
     * at most once an hour per address (the lock itself only calls once per attack).
     */
    loginUnderAttack: (to: Recipient, data: { email: string; maxAttempts: number; staff: boolean }) =>
      send(
        'loginUnderAttack',
        to,
        { at: new Date(deps.now()), maxAttempts: data.maxAttempts, staff: data.staff },
        { dedupeKey: `login-attack:${sha256(data.email, 'hex')}:${Math.floor(deps.now() / (60 * 60_000))}` },
      ),
    /** Tells a staff member that an administrator reset their two-step verification (decision 0021). */
    twoFactorReset: (to: Recipient, data: { role: Role }) =>
      send('twoFactorReset', to, { ...data, at: new Date(deps.now()) }),
    /** An administrator invites a person to the staff: the single-use link (issue 18). */
    staffInvitation: (to: Recipient, data: { token: string; role: 'admin' | 'doctor'; expiresAt: Date }) =>
      send('staffInvitation', to, data),

    /** A virtual consultation request was received. */
    consultationReceived: (to: Recipient) => send('consultationReceived', to, none),
    /** Chat permission granted: link to /ConsultaChat. Once per consultation. */
    consultationAuthorised,
    /** Classified tipo_c: no chat, go to a hospital. Once per consultation. */
    consultationReferred,
    /** An administrator classified a consultation: tipo_a and tipo_b authorise the chat, tipo_c refers. */
    async consultationClassified(to: Recipient, c: { consultationId: string; tipo: string }) {
      if (c.tipo === 'tipo_a' || c.tipo === 'tipo_b') await consultationAuthorised(to, c);
      else if (c.tipo === 'tipo_c') await consultationReferred(to, c);
    },

    /** A transfer or Yappy receipt was received (pending review). */
    paymentReceived: (to: Recipient) => send('paymentReceived', to, none),
    /** Approved; told once per payment when the recipient is given as `{ paymentId }`. */
    paymentApproved: (to: Recipient) =>
      send('paymentApproved', to, none, 'paymentId' in to ? { dedupeKey: `payment-approved:${to.paymentId}` } : {}),
    /** Rejected, with the staff's reason; once per payment when given as `{ paymentId }`. */
    paymentRejected: (to: Recipient, data: { motivo: string }) =>
      send('paymentRejected', to, data, 'paymentId' in to ? { dedupeKey: `payment-rejected:${to.paymentId}` } : {}),

    appointmentRequested: (to: Recipient, appt: AppointmentData) => send('appointmentRequested', to, appt),
    /** Confirmation with an .ics; the reminders are sent by the reminders sweep (decision 0052). */
    appointmentConfirmed: (to: Recipient, appt: AppointmentData) => send('appointmentConfirmed', to, appt),
    /**
     * A reminder before a confirmed appointment with its one-tap confirm link (decision 0052); its
     * key names the lead time, so a cancellation withdraws whichever is still unsent.
     */
    appointmentReminder: (to: Recipient, appt: AppointmentData & { token: string; citaToken: string; horas: number }) =>
      send('appointmentReminder', to, appt, { dedupeKey: reminderKey(appt.appointmentId, appt.horas) }),
    /** Cancellation with an .ics that removes it from the calendar; the reminder is withdrawn. */
    async appointmentCancelled(to: Recipient, appt: AppointmentData & { motivo?: string; reembolso?: boolean }) {
      try {
        for (const key of [undefined, ...(deps.reminderHours ?? [])].map((h) => reminderKey(appt.appointmentId, h))) await mail.cancel(key);
      } catch (err) {
        log.error({ err }, 'reminder not cancelled');
      }
      await send('appointmentCancelled', to, appt);
    },

    /** Issue 24 (decision 0050): the patient's unapproved hold lapsed; the administrators are told too. */
    async appointmentHoldExpired(to: Recipient, appt: AppointmentData & { metodo: string; numero: number }) {
      await send('appointmentHoldExpired', to, { appointmentId: appt.appointmentId, start: appt.start });
      let admins: { correo: string; nombre: string }[] = [];
      try {
        admins = await recipients.admins();
      } catch (err) {
        log.error({ err }, 'administrators not found');
      }
      for (const a of admins) await send('staffHoldExpired', a, appt);
    },

    /** Issue 24, item 5 (decision 0050): a freed hour offered to a waiting patient, once per offer. */
    waitlistOffer: (to: Recipient, data: { start: Date; expiresAt: Date; token: string }) =>
      send('waitlistOffer', to, data, { dedupeKey: `waitlist-offer:${data.token}` }),

    /** A payment became owed back (issue 20); once per payment. */
    refundDue: (to: { paymentId: string }, data: { metodo: RefundMailMethod }) =>
      send('refundDue', to, data, { dedupeKey: `refund-due:${to.paymentId}` }),
    /** The money went back; once per payment. */
    refunded: (to: { paymentId: string }, data: { metodo: RefundMailMethod }) =>
      send('refunded', to, data, { dedupeKey: `refunded:${to.paymentId}` }),

    /** A new medical document is in the patient's area. */
    documentAvailable: (to: Recipient) => send('documentAvailable', to, none),

    /** A correction or closing request was answered: the news is in the profile. */
    dataRequestAnswered: (to: Recipient) => send('dataRequestAnswered', to, none),
    /** The account was closed; `to` is the address the account had, taken before it was replaced. */
    accountClosed: (to: Recipient, data: { referencia: string }) => send('accountClosed', to, data),

    /** Every administrator: a transfer or Yappy receipt waits for review. */
    async staffReceiptPending(receipt: PendingReceipt) {
      let admins: { correo: string; nombre: string }[] = [];
      try {
        admins = await recipients.admins();
      } catch (err) {
        log.error({ err }, 'administrators not found');
      }
      for (const a of admins) {
        await send('staffReceiptPending', a, { metodo: receipt.metodo, reviewPath: REVIEW_PATH[receipt.proposito] });
      }
    },
    /** The doctor of a new appointment. */
    staffNewAppointment: (doctor: { staffId: string }, appt: AppointmentData) =>
      send('staffNewAppointment', doctor, appt),

    /**
     * An appointment moved (decision 0049): the patient gets the updated .ics and their reminders
     * move with it; the doctor and every administrator are told.
     */
    async appointmentRescheduled(to: Recipient, doctor: { staffId: string }, appt: AppointmentData & { before: Date }) {
      // Reminders still queued for the old hour are withdrawn; the reminders sweep sends the new
      // hour's (the move cleared the appointment's sent reminders, decision 0052).
      try {
        for (const key of [undefined, ...(deps.reminderHours ?? [])].map((h) => reminderKey(appt.appointmentId, h))) await mail.cancel(key);
      } catch (err) {
        log.error({ err }, 'reminder not cancelled');
      }
      await send('appointmentRescheduled', to, appt);
      await send('staffAppointmentRescheduled', doctor, { ...appt, path: '/Citas_Admin_Doctor' });
      let admins: { correo: string; nombre: string }[] = [];
      try {
        admins = await recipients.admins();
      } catch (err) {
        log.error({ err }, 'administrators not found');
      }
      for (const a of admins) await send('staffAppointmentRescheduled', a, { ...appt, path: '/Citas_Admin' });
    },
  };
}
export type Notifier = ReturnType<typeof createNotifier>;
