import { and, desc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mailJobs, notificationAttempts, type StoredMailPayload } from '../../db/schema.js';

export type MailJobRow = typeof mailJobs.$inferSelect;
export interface NewMailJob {
  kind: string;
  recipient: string;
  subject: string;
  payload: StoredMailPayload;
  runAt: Date;
  createdAt: Date;
  dedupeKey?: string;
  /** 'whatsapp' for a notice to a patient who opted in (decision 0059); e-mail otherwise. */
  channel?: 'email' | 'whatsapp';
  patientId?: string;
}

/** One delivery attempt of a notice (decision 0059). */
export interface NotificationAttempt {
  channel: 'email' | 'whatsapp';
  at: Date;
  result: 'sent' | 'failed' | 'skipped';
  providerMessageId?: string | null;
  error?: string | null;
}

/** SQL of the e-mail queue. */
export function mailJobsRepository(db: Db) {
  return {
    /** Queues a message; null when a message with the same dedupe key already exists. */
    async insert(job: NewMailJob) {
      const [row] = await db
        .insert(mailJobs)
        .values({
          kind: job.kind,
          recipient: job.recipient,
          subject: job.subject,
          payload: job.payload,
          run_at: job.runAt,
          created_at: job.createdAt,
          dedupe_key: job.dedupeKey ?? null,
          channel: job.channel ?? 'email',
          patient_id: job.patientId ?? null,
        })
        .onConflictDoNothing()
        .returning({ id: mailJobs.id, runAt: mailJobs.run_at });
      return row ?? null;
    },

    /**
     * Claims up to `limit` due jobs for one worker: queued ones whose time has come, and ones
     * whose worker's lease ran out. `SKIP LOCKED` lets workers of several instances claim at the
     * same time without waiting for, or taking, each other's rows.
     */
    async claim(now: Date, leaseUntil: Date, limit: number) {
      const due = db
        .select({ id: mailJobs.id })
        .from(mailJobs)
        .where(
          or(
            and(eq(mailJobs.status, 'queued'), lte(mailJobs.run_at, now)),
            and(eq(mailJobs.status, 'sending'), lt(mailJobs.locked_until, now)),
          ),
        )
        .orderBy(mailJobs.run_at)
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(mailJobs)
        .set({ status: 'sending', locked_until: leaseUntil, attempts: sql`${mailJobs.attempts} + 1` })
        .where(inArray(mailJobs.id, due))
        .returning();
    },

    /**
     * Marks a claimed job sent and forgets its body. Only the current claim (same attempt
     * number, still 'sending') may: true when this call did it.
     */
    async markSent(id: string, attempt: number, at: Date, transport: 'smtp' | 'outbox' | 'whatsapp') {
      const rows = await db
        .update(mailJobs)
        .set({ status: 'sent', sent_at: at, transport, payload: null, locked_until: null, last_error: null })
        .where(and(eq(mailJobs.id, id), eq(mailJobs.status, 'sending'), eq(mailJobs.attempts, attempt)))
        .returning({ id: mailJobs.id });
      return rows.length === 1;
    },

    /**
     * A WhatsApp notice that failed (or lost its consent) goes by e-mail from now on: once, for
     * good, and only by the current claim.
     */
    async fallBackToEmail(id: string, attempt: number) {
      const rows = await db
        .update(mailJobs)
        .set({ channel: 'email' })
        .where(and(eq(mailJobs.id, id), eq(mailJobs.status, 'sending'), eq(mailJobs.attempts, attempt), eq(mailJobs.channel, 'whatsapp')))
        .returning({ id: mailJobs.id });
      return rows.length === 1;
    },

    /** Records one delivery attempt of a job. */
    async recordAttempt(jobId: string, a: NotificationAttempt) {
      await db.insert(notificationAttempts).values({
        job_id: jobId,
        channel: a.channel,
        at: a.at,
        result: a.result,
        provider_message_id: a.providerMessageId ?? null,
        error: a.error?.slice(0, 500) ?? null,
      });
    },

    /** The attempts of these jobs, oldest first (the administrators' page). */
    async attemptsOf(jobIds: string[]) {
      if (jobIds.length === 0) return [];
      return db
        .select({
          job_id: notificationAttempts.job_id,
          channel: notificationAttempts.channel,
          at: notificationAttempts.at,
          result: notificationAttempts.result,
          provider_message_id: notificationAttempts.provider_message_id,
          error: notificationAttempts.error,
        })
        .from(notificationAttempts)
        .where(inArray(notificationAttempts.job_id, jobIds))
        .orderBy(notificationAttempts.id);
    },

    /** Puts a failed attempt back in the queue for `retryAt`, or gives up when `retryAt` is null. */
    async markFailed(id: string, attempt: number, error: string, retryAt: Date | null) {
      const rows = await db
        .update(mailJobs)
        .set(
          retryAt
            ? { status: 'queued', run_at: retryAt, locked_until: null, last_error: error }
            : { status: 'failed', locked_until: null, last_error: error, payload: null },
        )
        .where(and(eq(mailJobs.id, id), eq(mailJobs.status, 'sending'), eq(mailJobs.attempts, attempt)))
        .returning({ id: mailJobs.id });
      return rows.length === 1;
    },

    /**
     * Cancels a message not sent yet (a reminder of a cancelled appointment); how many were. The
     * key is released, so the same message can be queued again later (the appointment rebooked).
     */
    async cancelByDedupeKey(dedupeKey: string) {
      const rows = await db
        .update(mailJobs)
        .set({ status: 'cancelled', payload: null, locked_until: null, dedupe_key: null })
        .where(and(eq(mailJobs.dedupe_key, dedupeKey), eq(mailJobs.status, 'queued')))
        .returning({ id: mailJobs.id });
      return rows.length;
    },

    /** Messages per status still in the table (sent, failed and cancelled ones are purged after 30 days). */
    async countByStatus() {
      return db
        .select({ status: mailJobs.status, count: sql<number>`count(*)::int` })
        .from(mailJobs)
        .groupBy(mailJobs.status);
    },

    /** The newest messages, for the administrators' page. */
    async listRecent(limit: number) {
      return db
        .select({
          id: mailJobs.id,
          kind: mailJobs.kind,
          recipient: mailJobs.recipient,
          subject: mailJobs.subject,
          status: mailJobs.status,
          attempts: mailJobs.attempts,
          created_at: mailJobs.created_at,
          sent_at: mailJobs.sent_at,
          last_error: mailJobs.last_error,
          transport: mailJobs.transport,
          channel: mailJobs.channel,
        })
        .from(mailJobs)
        .orderBy(desc(mailJobs.created_at), desc(mailJobs.id))
        .limit(limit);
    },

    async find(id: string) {
      const [row] = await db.select().from(mailJobs).where(eq(mailJobs.id, id));
      return row;
    },

    /** Deletes finished messages created before `before`; how many. */
    async purgeFinished(before: Date) {
      const rows = await db
        .delete(mailJobs)
        .where(and(inArray(mailJobs.status, ['sent', 'failed', 'cancelled']), lt(mailJobs.created_at, before)))
        .returning({ id: mailJobs.id });
      return rows.length;
    },
  };
}
export type MailJobsRepository = ReturnType<typeof mailJobsRepository>;
