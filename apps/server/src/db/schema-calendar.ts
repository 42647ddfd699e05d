import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { staff } from './schema-accounts.js';

/**
 * Each doctor's private iCalendar feed (issue 24, decision 0051): the URL's token is a bearer
 * secret, so only its SHA-256 is kept (a copy of the database gives no working feed URL). One row
 * per doctor; revoking writes a new token over the old one, so the old URL stops at once.
 */
export const doctorCalendarFeeds = pgTable(
  'doctor_calendar_feeds',
  {
    doctor_id: uuid('doctor_id')
      .primaryKey()
      .references(() => staff.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    /** Who made the current token: the doctor, or an administrator who revoked the last one. */
    created_by: uuid('created_by').references(() => staff.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('doctor_calendar_feeds_token_key').on(t.token_hash)],
);
