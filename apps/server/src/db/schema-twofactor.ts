import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { staff } from './schema-accounts.js';

/**
 * Two-factor sign-in of administrators and doctors (issue 11, item 6). The TOTP secret is stored
 * encrypted (AES-256-GCM under FILE_ENCRYPTION_KEY, base64 of iv + tag + ciphertext);
 * `confirmed_at` is null while enrolment waits for its first valid code. `last_used_step` is
 * the 30-second step of the last accepted code: a code is accepted only for a later step, so
 * it cannot be replayed.
 */
export const staffTwoFactor = pgTable('staff_two_factor', {
  staff_id: uuid('staff_id')
    .primaryKey()
    .references(() => staff.id, { onDelete: 'cascade' }),
  secret_encrypted: text('secret_encrypted').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull(),
  confirmed_at: timestamp('confirmed_at', { withTimezone: true }),
  last_used_step: bigint('last_used_step', { mode: 'number' }),
});

/** One-time recovery codes: only their SHA-256 is stored; `used_at` makes each single-use. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staff_id: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_recovery_codes_key').on(t.staff_id, t.code_hash)],
);

/**
 * A sign-in waiting for its second factor: the password was right, the code is still to come.
 * The browser holds a random token in an httpOnly cookie; only its SHA-256 is stored. One row per
 * login, deleted when used, expired (5 minutes) or out of attempts.
 */
export const staffLoginChallenges = pgTable(
  'staff_login_challenges',
  {
    id_hash: text('id_hash').primaryKey(),
    role: text('role', { enum: ['admin', 'doctor'] }).notNull(),
    staff_id: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    ip: text('ip'),
    user_agent: text('user_agent'),
  },
  (t) => [
    index('staff_login_challenges_staff_idx').on(t.staff_id),
    index('staff_login_challenges_expires_idx').on(t.expires_at),
  ],
);
