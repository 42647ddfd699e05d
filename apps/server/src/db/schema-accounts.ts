import { sql } from 'drizzle-orm';
import { STAFF_STATES } from '@clinica/shared';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { encryptedText } from './field-crypto.js';

/**
 * Database schema. Column names are the specification's field names (docs/spec/decisions.md,
 * "Vocabulary"); use only what PostgreSQL 15 has, since PGlite is newer.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Stored files. The bytes live in the storage plugin, encrypted; this row says whose and what. */
export const files = pgTable('files', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  sha256: text('sha256').notNull(),
  nombre: text('nombre').notNull(),
  encrypted: boolean('encrypted').notNull(),
  created_at: createdAt(),
});

export const patients = pgTable(
  'patients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nombre: text('nombre').notNull(),
    apellido: text('apellido').notNull(),
    /** Encrypted (decision 0030); `cedula_hmac` is its blind index for exact matches. */
    cedula: encryptedText('cedula').notNull(),
    cedula_hmac: text('cedula_hmac'),
    correo: text('correo').notNull(),
    password_hash: text('password_hash').notNull(),
    nacionalidad: text('nacionalidad').notNull(),
    genero: text('genero').notNull(),
    edad: integer('edad').notNull(),
    direccion: encryptedText('direccion').notNull(),
    country_code: text('country_code').notNull(),
    celular: encryptedText('celular').notNull(),
    acuerdo: boolean('acuerdo').notNull(),
    acuerdo_at: timestamp('acuerdo_at', { withTimezone: true }).notNull(),
    /** 1 until the patient's first consultation is used, then 0 (docs/spec/staff.md, Primera_Consulta). */
    primera_consulta: integer('primera_consulta').notNull().default(1),
    image_cedula_file_id: uuid('image_cedula_file_id').references(() => files.id),
    /**
     * Set when the account was closed (Ley 81, docs/decisions/0028): its identity was replaced and
     * its sign-in removed; the clinical records that point at this row are kept and read as a closed account's.
     */
    cerrada_at: timestamp('cerrada_at', { withTimezone: true }),
    /**
     * When the patient opened the verification link mailed to `correo` (issue 18); null until then.
     * Nothing about their health is mailed to an address that is not verified.
     */
    email_verified_at: timestamp('email_verified_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    // Unique among verified accounts only: an unverified registration never keeps the address's
    // real owner out; the first registration verified wins and the others are removed (decision 0023).
    uniqueIndex('patients_verified_correo_key').on(t.correo).where(sql`${t.email_verified_at} IS NOT NULL`),
    index('patients_correo_idx').on(t.correo),
    index('patients_cedula_hmac_idx').on(t.cedula_hmac),
  ],
);

export const staff = pgTable(
  'staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    role: text('role', { enum: ['admin', 'doctor'] }).notNull(),
    nombre: text('nombre').notNull(),
    apellido: text('apellido').notNull(),
    correo: text('correo').notNull(),
    password_hash: text('password_hash').notNull(),
    servicio: text('servicio', { enum: ['consulta_general', 'psicologia', 'medicina_interna'] }),
    /**
     * Issue 18 (docs/decisions/0025): an account registered with the shared key waits for an
     * administrator ('pendiente'); only 'activo' signs in or is offered to patients; 'desactivado'
     * is a person who left (kept: their consultations and documents still name them).
     */
    estado: text('estado', { enum: STAFF_STATES }).notNull().default('pendiente'),
    /** When and by which administrator the account was last approved, deactivated or reactivated. */
    estado_at: timestamp('estado_at', { withTimezone: true }),
    estado_por: uuid('estado_por'),
    /**
     * Issue 22 (docs/decisions/0041): a doctor's identity as every medical document prints it,
     * kept on the account (the browser never says who signs). Null until the doctor or an
     * administrator fills the profile; documents need all but the code.
     */
    perfil_nombre: text('perfil_nombre'),
    perfil_sexo: text('perfil_sexo', { enum: ['Hombre', 'Mujer'] }),
    perfil_especialidad: text('perfil_especialidad'),
    /** The registration number (idoneidad) and the optional code. */
    perfil_registro: text('perfil_registro'),
    perfil_codigo: text('perfil_codigo').notNull().default(''),
    created_at: createdAt(),
  },
  (t) => [
    // One e-mail may own one account of each kind (docs/spec/decisions.md).
    uniqueIndex('staff_role_correo_key').on(t.role, t.correo),
    check('staff_doctor_has_service', sql`(${t.role} = 'doctor') = (${t.servicio} IS NOT NULL)`),
    index('staff_estado_idx').on(t.role, t.estado),
  ],
);

/**
 * Invitations of staff by an administrator (issue 18): a single-use link, no shared key. Only the
 * SHA-256 of the link's token is stored; `used_at` set once, atomically, when the account is made.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    token_hash: text('token_hash').notNull(),
    role: text('role', { enum: ['admin', 'doctor'] }).notNull(),
    correo: text('correo').notNull(),
    servicio: text('servicio', { enum: ['consulta_general', 'psicologia', 'medicina_interna'] }),
    invited_by: uuid('invited_by')
      .notNull()
      .references(() => staff.id),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    staff_id: uuid('staff_id').references(() => staff.id),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_invitations_token_key').on(t.token_hash),
    check('staff_invitations_doctor_has_service', sql`(${t.role} = 'doctor') = (${t.servicio} IS NOT NULL)`),
  ],
);

/**
 * Server-side sessions: one row per signed-in account in a browser. The cookie carries a random
 * token; only its SHA-256 is stored, so a leaked table gives no usable cookie.
 */
export const sessions = pgTable(
  'sessions',
  {
    id_hash: text('id_hash').primaryKey(),
    role: text('role', { enum: ['patient', 'admin', 'doctor'] }).notNull(),
    patient_id: uuid('patient_id').references(() => patients.id, { onDelete: 'cascade' }),
    staff_id: uuid('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
    last_activity_at: timestamp('last_activity_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    user_agent: text('user_agent'),
  },
  (t) => [
    index('sessions_patient_idx').on(t.patient_id),
    index('sessions_staff_idx').on(t.staff_id),
    check(
      'sessions_one_account',
      sql`(${t.role} = 'patient' AND ${t.patient_id} IS NOT NULL AND ${t.staff_id} IS NULL) OR (${t.role} <> 'patient' AND ${t.staff_id} IS NOT NULL AND ${t.patient_id} IS NULL)`,
    ),
  ],
);
