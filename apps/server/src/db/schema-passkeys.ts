import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sessions, staff } from './schema-accounts.js';

/**
 * Passkeys (WebAuthn) of administrators and doctors (issue 18, item 4; decision 0026). Only the
 * public key is stored (COSE, base64url); `counter` is the authenticator's signature counter, which
 * must grow with every sign-in when the authenticator keeps one (a cloned key shows up as a counter
 * that does not). `credential_id` is unique over every account: one key belongs to one account.
 */
export const staffPasskeys = pgTable(
  'staff_passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staff_id: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    credential_id: text('credential_id').notNull(),
    public_key: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** The transports the browser reported (usb, internal, hybrid…), comma-separated; a hint only. */
    transports: text('transports').notNull().default(''),
    nombre: text('nombre').notNull(),
    backed_up: boolean('backed_up').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_passkeys_credential_key').on(t.credential_id), index('staff_passkeys_staff_idx').on(t.staff_id)],
);

/**
 * A WebAuthn ceremony in progress: the random challenge the server handed out, bound to the
 * browser by an httpOnly cookie (only its SHA-256 is stored) and, for a registration, to the
 * signed-in account. Deleted when used (single-use) or after 5 minutes.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id_hash: text('id_hash').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'login'] }).notNull(),
    role: text('role', { enum: ['admin', 'doctor'] }).notNull(),
    staff_id: uuid('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
    challenge: text('challenge').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('passkey_challenges_expires_idx').on(t.expires_at)],
);

/**
 * Sessions opened with a passkey: a passkey with user verification is both factors, so such a
 * session satisfies STAFF_2FA_REQUIRED even when the account has no TOTP (the two-factor gate
 * asks this table). Ends with its session.
 */
export const passkeySessions = pgTable(
  'passkey_sessions',
  {
    session_id_hash: text('session_id_hash')
      .primaryKey()
      .references(() => sessions.id_hash, { onDelete: 'cascade' }),
    /** The key that opened it: removing the key ends the sessions it opened (it may be lost). */
    passkey_id: uuid('passkey_id').references(() => staffPasskeys.id, { onDelete: 'set null' }),
  },
  (t) => [index('passkey_sessions_passkey_idx').on(t.passkey_id)],
);
