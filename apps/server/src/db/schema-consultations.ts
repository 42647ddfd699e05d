import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { files, patients, staff } from './schema-accounts.js';
import { encryptedNumber, encryptedText } from './field-crypto.js';
import { payments } from './schema-payments.js';

/**
 * Virtual consultations. Columns carry the specification's field names. The vitals, the
 * doctor's follow-up (analisis, plan, next visit, revisado), the exam file and the images are
 * filled by the chat and the doctor area; they live here so every screen reads one record.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Consent answers ('si' or 'no') with their time; a request needs a recent 'si'. */
export const consultationConsents = pgTable(
  'consultation_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patient_id: uuid('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    aceptar: text('aceptar', { enum: ['si', 'no'] }).notNull(),
    created_at: createdAt(),
  },
  (t) => [index('consultation_consents_patient_idx').on(t.patient_id, t.created_at)],
);

export const consultations = pgTable(
  'consultations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    token: text('token').notNull(),
    /**
     * The short reference a person reads and staff search by ("N.º 000123", decision 0045): a
     * sequence per record kind, filled for existing rows by the migration. Never a key to load by.
     */
    numero: integer('numero').notNull().generatedAlwaysAsIdentity(),
    patient_id: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    doctor_id: uuid('doctor_id')
      .notNull()
      .references(() => staff.id),
    servicio: text('servicio', { enum: ['consulta_general', 'psicologia', 'medicina_interna'] }).notNull(),
    // The health form, the vitals and the doctor's follow-up are encrypted in the database (decision 0030).
    sintomas: encryptedText('sintomas').notNull(),
    antecedentes_familiares: encryptedText('antecedentes_familiares').notNull(),
    antecedentes_personales: encryptedText('antecedentes_personales').notNull(),
    antecedentes_quirurgicos: encryptedText('antecedentes_quirurgicos').notNull(),
    alergias: encryptedText('alergias').notNull(),
    otros_datos: encryptedText('otros_datos').notNull(),
    consentimiento_at: timestamp('consentimiento_at', { withTimezone: true }).notNull(),
    payment_id: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    /** null until an administrator classifies it. */
    tipo_de_consulta: text('tipo_de_consulta', { enum: ['quitar_permiso', 'tipo_a', 'tipo_b', 'tipo_c'] }),
    /** 1 open, 0 closed. */
    estado_consulta: integer('estado_consulta').notNull().default(1),
    /** The chat permission: PayPal verified, or tipo_a / tipo_b by an administrator. */
    permiso_chat: boolean('permiso_chat').notNull().default(false),
    peso: encryptedNumber('peso'),
    talla: encryptedNumber('talla'),
    presion_arterial: encryptedText('presion_arterial'),
    frecuencia_cardiaca: encryptedText('frecuencia_cardiaca'),
    frecuencia_respiratoria: encryptedText('frecuencia_respiratoria'),
    analisis: encryptedText('analisis'),
    plan: encryptedText('plan'),
    /** Next consultation ('YYYY-MM-DD' and 'HH:MM', encrypted). */
    fecha: encryptedText('fecha'),
    hora: encryptedText('hora'),
    revisado: integer('revisado').notNull().default(0),
    archivo_examenes_file_id: uuid('archivo_examenes_file_id').references(() => files.id),
    fecha_registro: timestamp('fecha_registro', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('consultations_token_key').on(t.token),
    uniqueIndex('consultations_payment_key').on(t.payment_id),
    index('consultations_patient_idx').on(t.patient_id, t.fecha_registro),
    index('consultations_doctor_idx').on(t.doctor_id),
    // /Consultas_Admin walks the newest first by keyset (decision 0039): each page is an index range.
    index('consultations_fecha_idx').on(t.fecha_registro.desc(), t.id.desc()),
    check('consultations_estado_01', sql`${t.estado_consulta} IN (0, 1)`),
    check('consultations_revisado_01', sql`${t.revisado} IN (0, 1)`),
  ],
);

/** Images the patient uploads during the chat (issue 4 writes them; staff see them in the modal). */
export const consultationImages = pgTable(
  'consultation_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    consultation_id: uuid('consultation_id')
      .notNull()
      .references(() => consultations.id, { onDelete: 'cascade' }),
    file_id: uuid('file_id')
      .notNull()
      .references(() => files.id),
    created_at: createdAt(),
  },
  (t) => [index('consultation_images_consultation_idx').on(t.consultation_id)],
);
