import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { files, patients, staff } from './schema-accounts.js';
import { consultations } from './schema-consultations.js';

/**
 * Records (issue 6): suggestions, the exam files of a consultation and the audit trail.
 *
 * The migration of this file also holds SQL that Drizzle cannot describe (0005_records.sql, after
 * the generated part): the IMMUTABLE function `clinica_fold(text)` (accent- and case-folding by
 * translate(), since PGlite has no unaccent), the expression indexes that serve the first-name
 * searches, and the trigger that makes `audit_log` append-only.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Suggestions sent from /Sugerencias; nombre, apellido and correo are the patient's (joined when read). */
export const suggestions = pgTable(
  'suggestions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patient_id: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    sugerencia: text('sugerencia').notNull(),
    fecha_registro: timestamp('fecha_registro', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('suggestions_fecha_idx').on(t.fecha_registro.desc(), t.id.desc()),
    index('suggestions_patient_idx').on(t.patient_id),
    check('suggestions_not_blank', sql`length(btrim(${t.sugerencia})) > 0`),
  ],
);

/**
 * Exam results attached to a consultation, by the patient or by its doctor (PDF or image, stored
 * encrypted). consultations.archivo_examenes_file_id keeps pointing at the newest, so the
 * consultation's `archivo_examenes_encrypted` link stays what the specification describes.
 */
export const consultationExamFiles = pgTable(
  'consultation_exam_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    consultation_id: uuid('consultation_id')
      .notNull()
      .references(() => consultations.id, { onDelete: 'cascade' }),
    file_id: uuid('file_id')
      .notNull()
      .references(() => files.id),
    subido_por: text('subido_por', { enum: ['patient', 'doctor'] }).notNull(),
    patient_id: uuid('patient_id').references(() => patients.id),
    staff_id: uuid('staff_id').references(() => staff.id),
    created_at: createdAt(),
  },
  (t) => [
    index('consultation_exam_files_consultation_idx').on(t.consultation_id, t.created_at),
    check(
      'consultation_exam_files_uploader',
      sql`(${t.subido_por} = 'patient' AND ${t.patient_id} IS NOT NULL) OR (${t.subido_por} = 'doctor' AND ${t.staff_id} IS NOT NULL)`,
    ),
  ],
);

/**
 * The audit trail: who (role, account, e-mail), what (action), which record (resource and the
 * patient whose data it is), when, from where (ip, user agent, request id) and the outcome.
 * Never a password, a cookie, a query string or a file's content. Append-only: a trigger refuses
 * UPDATE, DELETE and TRUNCATE (docs/decisions). No foreign keys: the trail outlives what it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actor_role: text('actor_role', { enum: ['patient', 'admin', 'doctor', 'anonymous'] }).notNull(),
    actor_id: uuid('actor_id'),
    actor_correo: text('actor_correo'),
    action: text('action').notNull(),
    resource_type: text('resource_type'),
    resource_id: text('resource_id'),
    patient_id: uuid('patient_id'),
    outcome: text('outcome', { enum: ['success', 'failure', 'denied'] }).notNull(),
    status_code: integer('status_code'),
    method: text('method'),
    path: text('path'),
    ip: text('ip'),
    user_agent: text('user_agent'),
    request_id: text('request_id'),
    detail: text('detail'),
  },
  (t) => [
    index('audit_log_patient_idx').on(t.patient_id, t.id.desc()),
    index('audit_log_actor_idx').on(t.actor_id, t.id.desc()),
  ],
);
