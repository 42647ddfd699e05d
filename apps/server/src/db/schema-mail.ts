import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { patients } from './schema-accounts.js';
import { encryptedText } from './field-crypto.js';

/** What a queued message carries until it is sent; cleared once sent (it may hold a live link). */
export interface MailPayload {
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; contentBase64: string }[];
  /**
   * The WhatsApp template message of a notice queued for that channel (decision 0059): the
   * template's kind and its body parameters (date, hour, the clinic's name, a link; never a
   * clinical detail). The e-mail parts above stay, for the fall-back.
   */
  whatsapp?: { kind: string; params: string[] };
}

/**
 * What `mail_jobs.payload` holds: the MailPayload's JSON sealed with AES-256-GCM under the file
 * keyring (issue 19: a reset link or any other token is never readable in the queue). Rows queued
 * before the change hold the plain MailPayload; the worker still sends them.
 */
export type StoredMailPayload = { sealed: string } | MailPayload;

/**
 * The e-mail queue. Workers of every server instance claim due rows with
 * `FOR UPDATE SKIP LOCKED` and a lease (`locked_until`); a row whose lease ran out (its worker
 * died) is claimed again. `attempts` fences a late worker out: only the claim that is current may
 * mark the row sent.
 */
export const mailJobs = pgTable(
  'mail_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    payload: jsonb('payload').$type<StoredMailPayload>(),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed', 'cancelled'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    run_at: timestamp('run_at', { withTimezone: true }).notNull(),
    locked_until: timestamp('locked_until', { withTimezone: true }),
    last_error: text('last_error'),
    /** 'smtp', 'outbox' or 'whatsapp': where the message went. */
    transport: text('transport', { enum: ['smtp', 'outbox', 'whatsapp'] }),
    /**
     * The channel the notice goes by next (decision 0059): 'whatsapp' for a patient who opted in,
     * switched to 'email' once, for good, when WhatsApp fails or the consent is gone at send time.
     */
    channel: text('channel', { enum: ['email', 'whatsapp'] }).notNull().default('email'),
    /** The patient the notice is for (their channel consent is read again when it is sent). */
    patient_id: uuid('patient_id').references(() => patients.id, { onDelete: 'set null' }),
    /** Makes a message unique (a reminder per appointment); also how a scheduled one is cancelled. */
    dedupe_key: text('dedupe_key'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    sent_at: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_jobs_due_idx')
      .on(t.run_at)
      .where(sql`${t.status} IN ('queued', 'sending')`),
    index('mail_jobs_created_idx').on(t.created_at),
    uniqueIndex('mail_jobs_dedupe_key').on(t.dedupe_key),
    check('mail_jobs_status', sql`${t.status} IN ('queued', 'sending', 'sent', 'failed', 'cancelled')`),
    check('mail_jobs_channel', sql`${t.channel} IN ('email', 'whatsapp')`),
  ],
);

/**
 * Every delivery attempt of a queued notice (decision 0059): its channel, time, result, the
 * provider's message id (WhatsApp's `wamid`, the e-mail's Message-ID) and the error. Removed with
 * its job when the queue purges finished messages.
 */
export const notificationAttempts = pgTable(
  'notification_attempts',
  {
    // In insertion order: attempts of one claim share the clock's time, and the list shows them in order.
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    job_id: uuid('job_id')
      .notNull()
      .references(() => mailJobs.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['email', 'whatsapp'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** 'sent', 'failed', or 'skipped' (a WhatsApp notice whose consent or number was gone at send time). */
    result: text('result', { enum: ['sent', 'failed', 'skipped'] }).notNull(),
    provider_message_id: text('provider_message_id'),
    error: text('error'),
  },
  (t) => [
    index('notification_attempts_job_idx').on(t.job_id, t.at),
    check('notification_attempts_channel', sql`${t.channel} IN ('email', 'whatsapp')`),
    check('notification_attempts_result', sql`${t.result} IN ('sent', 'failed', 'skipped')`),
  ],
);

/**
 * A patient's notice channels (decision 0059): e-mail is always on (the account's address);
 * WhatsApp only while `whatsapp_consent_at` is set, with the version of the consent text they
 * accepted. A revocation clears both and stamps `whatsapp_revoked_at`; every change is audited.
 */
export const patientChannels = pgTable('patient_channels', {
  patient_id: uuid('patient_id')
    .primaryKey()
    .references(() => patients.id, { onDelete: 'cascade' }),
  whatsapp_consent_at: timestamp('whatsapp_consent_at', { withTimezone: true }),
  whatsapp_consent_version: text('whatsapp_consent_version'),
  // The E.164 number the patient agreed to: a mobile changed later in the profile gets nothing by
  // WhatsApp until the patient opts in again for it (decision 0059, after the merge's review). Sealed
  // like the profile's mobile it copies.
  whatsapp_numero: encryptedText('whatsapp_numero'),
  whatsapp_revoked_at: timestamp('whatsapp_revoked_at', { withTimezone: true }),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull(),
});
