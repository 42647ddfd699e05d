import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { patients, staff } from './schema-accounts.js';
import { encryptedJson } from './field-crypto.js';

/**
 * Ley 81 de 2019 requests of a patient beyond the export (docs/decisions/0028): a correction of
 * their data or the closing of their account, each accepted or refused by an administrator.
 */
export const dataRequests = pgTable(
  'data_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patient_id: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    tipo: text('tipo', { enum: ['correccion', 'cierre'] }).notNull(),
    estado: text('estado', { enum: ['pendiente', 'aceptada', 'rechazada'] }).notNull().default('pendiente'),
    /** A correction's new values (only the fields it changes); null for a closing, and emptied when the account closes. */
    // Encrypted: the corrected values are identity data (decision 0030).
    cambios: encryptedJson<Record<string, string | number>>()('cambios'),
    /** The patient's reason (required for a correction, optional for a closing). */
    motivo: text('motivo'),
    /** The administrator's answer, which the patient reads in their profile (required to refuse). */
    respuesta: text('respuesta'),
    resuelta_por: uuid('resuelta_por').references(() => staff.id),
    resuelta_at: timestamp('resuelta_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open request of each kind per patient: two simultaneous requests cannot both be pending.
    uniqueIndex('data_requests_one_pending_key').on(t.patient_id, t.tipo).where(sql`${t.estado} = 'pendiente'`),
    index('data_requests_patient_idx').on(t.patient_id, t.created_at),
    index('data_requests_estado_idx').on(t.estado, t.created_at),
    check('data_requests_cambios_kind', sql`(${t.tipo} = 'correccion') OR ${t.cambios} IS NULL`),
    check('data_requests_resolved', sql`(${t.estado} = 'pendiente') = (${t.resuelta_at} IS NULL)`),
  ],
);
