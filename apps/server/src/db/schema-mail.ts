import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** What a queued message carries until it is sent; cleared once sent (it may hold a live link). */
export interface MailPayload {
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; contentBase64: string }[];
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
    /** 'smtp' or 'outbox': where the message went. */
    transport: text('transport', { enum: ['smtp', 'outbox'] }),
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
  ],
);
