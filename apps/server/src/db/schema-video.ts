import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { consultations } from './schema-consultations.js';
import { patients } from './schema-accounts.js';

/**
 * Video consultations (issue 25, decision 0053). Nothing of a call's media or signalling is stored:
 * only when it started and ended (the consultation's record), and the patient's consent.
 */

/**
 * One video call of a consultation: `id` is the call id the inviting page made. Written at the
 * invitation (`started_at` null: ringing; the row is deleted if declined or never answered), started
 * when the OTHER member accepted, `ended_at` null while it is under way. At most one call ringing or
 * under way per consultation (the partial unique index), whatever the instances do at the same moment.
 */
export const consultationCalls = pgTable(
  'consultation_calls',
  {
    id: uuid('id').primaryKey(),
    consultation_id: uuid('consultation_id')
      .notNull()
      .references(() => consultations.id, { onDelete: 'cascade' }),
    /** Who invited: 'patient' or 'doctor'. */
    started_by: text('started_by', { enum: ['patient', 'doctor'] }).notNull(),
    invited_at: timestamp('invited_at', { withTimezone: true }).notNull(),
    started_at: timestamp('started_at', { withTimezone: true }),
    ended_at: timestamp('ended_at', { withTimezone: true }),
    /** 'ended' (a person hung up), 'left' (the other left), 'time' (the paid time ran out). */
    end_reason: text('end_reason', { enum: ['ended', 'left', 'time'] }),
  },
  (t) => [
    index('consultation_calls_consultation_idx').on(t.consultation_id, t.started_at),
    uniqueIndex('consultation_calls_one_active_key').on(t.consultation_id).where(sql`${t.ended_at} IS NULL`),
    // An end needs a start and a reason, and comes after the start.
    check(
      'consultation_calls_end_check',
      sql`(${t.ended_at} IS NULL) = (${t.end_reason} IS NULL) AND (${t.ended_at} IS NULL OR (${t.started_at} IS NOT NULL AND ${t.ended_at} >= ${t.started_at}))`,
    ),
  ],
);

/** The patient's video consent, accepted once for all their consultations. */
export const videoConsents = pgTable('video_consents', {
  patient_id: uuid('patient_id')
    .primaryKey()
    .references(() => patients.id, { onDelete: 'cascade' }),
  accepted_at: timestamp('accepted_at', { withTimezone: true }).notNull(),
});
