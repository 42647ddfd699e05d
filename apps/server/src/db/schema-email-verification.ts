import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { patients } from './schema-accounts.js';

/**
 * E-mail verification links of patients (issue 18, decision 0023). Only the SHA-256 of the token
 * is stored, so a leaked table verifies nothing; `used_at` makes a link single-use, and used or
 * expired rows are kept a while so the page can say which. The rows also count the resends.
 */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    token_hash: text('token_hash').primaryKey(),
    patient_id: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_verification_tokens_patient_idx').on(t.patient_id, t.created_at)],
);
