import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { patients, staff } from './schema-accounts.js';

/**
 * Password-reset links. Only the SHA-256 of the token is stored, so a leaked table opens no
 * account; `used_at` makes a link single-use.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    token_hash: text('token_hash').notNull(),
    role: text('role', { enum: ['patient', 'admin', 'doctor'] }).notNull(),
    patient_id: uuid('patient_id').references(() => patients.id, { onDelete: 'cascade' }),
    staff_id: uuid('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_key').on(t.token_hash),
    index('password_reset_tokens_patient_idx').on(t.patient_id),
    index('password_reset_tokens_staff_idx').on(t.staff_id),
    index('password_reset_tokens_expires_idx').on(t.expires_at),
    check(
      'password_reset_tokens_one_account',
      sql`(${t.role} = 'patient' AND ${t.patient_id} IS NOT NULL AND ${t.staff_id} IS NULL) OR (${t.role} <> 'patient' AND ${t.staff_id} IS NOT NULL AND ${t.patient_id} IS NULL)`,
    ),
  ],
);
