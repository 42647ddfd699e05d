import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DOCUMENT_TYPES } from '@clinica/shared';
import { files, staff } from './schema-accounts.js';

/**
 * The doctors' generated medical documents (staff.md: id, nombre_pdf, created_at, pdf_data).
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
    /** The patient's e-mail as the doctor gave it (lower case); the patient sees documents by it. */
    correo_paciente: text('correo_paciente').notNull(),
    nombre_pdf: text('nombre_pdf').notNull(),
    file_id: uuid('file_id').references(() => files.id),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('documents_codigo_key').on(t.codigo),
    index('documents_staff_tipo_idx').on(t.staff_id, t.tipo, t.created_at),
    index('documents_correo_paciente_idx').on(t.correo_paciente, t.created_at),
  ],
);

/** A doctor's standing data for documents: registration number, code and drawn signature (PNG). */
export const doctorDocumentProfiles = pgTable('doctor_document_profiles', {
  staff_id: uuid('staff_id')
    .primaryKey()
    .references(() => staff.id, { onDelete: 'cascade' }),
  reg_number: text('reg_number').notNull(),
  doctor_code: text('doctor_code').notNull().default(''),
  signature_file_id: uuid('signature_file_id')
    .notNull()
    .references(() => files.id),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
