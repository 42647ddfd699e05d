import { customType, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * bytea (drizzle 0.45 has no built-in column for it). node-postgres returns a Buffer, PGlite a
 * Uint8Array: both become a Buffer viewing the same memory.
 */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
});

/**
 * File bytes of the 'postgres' storage driver (STORAGE_DRIVER=postgres): every instance reads the
 * same files. Medical and identity files are stored encrypted (AES-256-GCM), exactly as on disk.
 */
export const storedObjects = pgTable('stored_objects', {
  key: uuid('key').primaryKey(),
  bytes: bytea('bytes').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
