import { sql } from 'drizzle-orm';
import { integer, primaryKey, type AnyPgColumn, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DOCUMENT_TYPES } from '@clinica/shared';
import { files, patients, staff } from './schema-accounts.js';
import { encryptedText } from './field-crypto.js';

/**
 * The doctors' generated medical documents (docs/spec/staff.md: id, nombre_pdf, created_at, pdf_data).
 * `pdf_data` is not a column: the PDF lives encrypted in storage, its `files` row keeps the
 * SHA-256. The form's fields are not kept in clear in the database: the PDF is the record.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tipo: text('tipo', { enum: DOCUMENT_TYPES }).notNull(),
    /** Short public verification code, XXXX-XXXX-XXXX, printed on the PDF with its QR code. */
    codigo: text('codigo').notNull(),
    staff_id: uuid('staff_id')
      .notNull()
      .references(() => staff.id),
    /**
     * The patient's e-mail as printed on the document (lower case): the account's address when the
     * doctor chose one of their patients, else as typed. Shown to the doctor; never decides who
     * sees the document (docs/decisions/0024).
     */
    correo_paciente: text('correo_paciente').notNull(),
    /**
     * The patient account the document belongs to: the one patient area that lists it. null for a
     * person without an account (a walk-in) until an administrator links it after checking the
     * cédula.
     */
    patient_id: uuid('patient_id').references(() => patients.id),
    /** The patient's name and cédula as the form gave them, so an administrator can link a walk-in's document. */
    nombre_paciente: text('nombre_paciente').notNull().default(''),
    // Encrypted like every cédula (decision 0030); '' is sealed by the start-up step.
    cedula_paciente: encryptedText('cedula_paciente').notNull().default(''),
    nombre_pdf: text('nombre_pdf').notNull(),
    file_id: uuid('file_id').references(() => files.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Issue 22 (docs/decisions/0041): the sequential number per type and year, e.g.
     * CI-2026-000123, taken from `document_counters` in the transaction that stores the document,
     * so numbers are unique and gap-free. Null for documents issued before numbering.
     */
    numero: text('numero'),
    /** Annulment: when, why, and by whom (the issuing doctor or an administrator). The PDF is kept. */
    anulado_at: timestamp('anulado_at', { withTimezone: true }),
    anulado_motivo: text('anulado_motivo'),
    anulado_por: uuid('anulado_por').references(() => staff.id),
    /** The annulled document this one replaces (at most one replacement each: unique). */
    reemplaza_id: uuid('reemplaza_id').references((): AnyPgColumn => documents.id),
  },
  (t) => [
    uniqueIndex('documents_codigo_key').on(t.codigo),
    uniqueIndex('documents_numero_key').on(t.numero),
    uniqueIndex('documents_reemplaza_key').on(t.reemplaza_id),
    index('documents_staff_tipo_idx').on(t.staff_id, t.tipo, t.created_at),
    index('documents_patient_idx').on(t.patient_id, t.created_at),
    // The administrators' list of documents waiting to be linked.
    index('documents_unlinked_idx').on(t.created_at).where(sql`${t.patient_id} IS NULL`),
  ],
);

/** A doctor's drawn signature (PNG) for documents; the registration number moved to the doctor's profile on `staff` (decision 0041). */
export const doctorDocumentProfiles = pgTable('doctor_document_profiles', {
  staff_id: uuid('staff_id')
    .primaryKey()
    .references(() => staff.id, { onDelete: 'cascade' }),
  signature_file_id: uuid('signature_file_id')
    .notNull()
    .references(() => files.id),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The last number issued per document type and year (issue 22, docs/decisions/0041). The row is
 * locked by the UPDATE that takes the next number, in the same transaction as the document's
 * insert: concurrent issues wait for each other, and a failed issue rolls its number back.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    tipo: text('tipo', { enum: DOCUMENT_TYPES }).notNull(),
    ano: integer('ano').notNull(),
    ultimo: integer('ultimo').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tipo, t.ano] })],
);
