import { z } from 'zod/mini';
import { safeMultilineText, safeText } from './text.schema.js';
import { SERVICES } from '../constants.js';
import { messages } from '../messages.js';
import { emailField } from './auth.schema.js';
import { consultationStateShape } from './consultations.schema.js';
import { clinicalHistoryFieldsShape } from './clinical-history.schema.js';
import { consultationCallsField } from './consultation-call.schema.js';
import { noShowStatusSchema } from './no-show.schema.js';
import { lazySchema } from './lazy-schema.js';

/**
 * Records (issue 6): the patient's profile and exam files, the doctors' consultation review,
 * the administrators' patients screen, the paginated first-name lists and the data export.
 */

// ---- paginated lists -----------------------------------------------------------------------------

/** Rows a list page holds by default and at most. */
export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** The rows a page holds, as every paged list takes it (`?limit=`): a bad value is told what is allowed. */
export const pageSizeField = lazySchema(() => z.optional(
  z.coerce
    .number({ error: messages.pageSizeInvalid })
    .check(z.int(messages.pageSizeInvalid), z.gte(1, messages.pageSizeInvalid), z.lte(MAX_PAGE_SIZE, messages.pageSizeInvalid)),
));

/** The opaque cursor of the next page (base64url), as the lists hand it out. */
export const pageCursorField = lazySchema(() => z.optional(safeText().check(z.regex(/^[A-Za-z0-9_-]{1,200}$/, messages.pageCursorInvalid))));

/**
 * Query of every paginated staff list: the first-name search (case and accent insensitive,
 * prefix: 'jose' finds 'José Luis') and the opaque cursor of the next page.
 */
export const listQuerySchema = lazySchema(() => z.object({
  nombre: z.optional(safeText().check(z.trim(), z.maxLength(100, messages.fieldTooLong))),
  cursor: pageCursorField,
  limit: pageSizeField,
}));
export type ListQuery = z.infer<typeof listQuerySchema>;

/**
 * The paging fields alone, for the lists whose search is the spec's POST `{input}` (appointments,
 * /Consultas_Admin, /Recibo_Admin; decisions 0022 and 0039): `?cursor=&limit=`.
 */
export const pageQuerySchema = lazySchema(() => z.object({ cursor: pageCursorField, limit: pageSizeField }));
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A page of a list: its rows, newest first, and the cursor of the next page (null on the last). */
export const pageSchema = <T extends z.core.$ZodType>(item: T) => z.object({ items: z.array(item), next_cursor: z.nullable(z.string()) });
export interface ListPage<T> {
  items: T[];
  next_cursor: string | null;
}

const zeroOne = lazySchema(() => z.union([z.literal(0), z.literal(1)]));

// ---- the patient's profile (/Usuarios) ------------------------------------------------------------

/** User profile (docs/spec/patient-and-public.md, section 3), and the patient's own ID-card image. */
export const profileSchema = lazySchema(() => z.object({
  nombre: z.string(),
  apellido: z.string(),
  edad: z.number(),
  genero: z.string(),
  nacionalidad: z.string(),
  cedula: z.string(),
  direccion: z.string(),
  celular: z.string(),
  correo: z.string(),
  url_img_cedula: z.nullable(z.string()),
  name_img_cedula: z.nullable(z.string()),
}));
export type Profile = z.infer<typeof profileSchema>;

export const fileIdParamsSchema = lazySchema(() => z.object({ fileId: safeText().check(z.uuid(messages.notFound)) }));

// ---- exam files of a consultation -----------------------------------------------------------------

/** The multipart field of an exam file (a PDF or an image, checked by its content). */
export const EXAM_FILE_FIELD = 'archivo_examenes';

export const examFileSchema = lazySchema(() => z.object({
  id: z.string(),
  nombre: z.string(),
  subido_por: z.enum(['patient', 'doctor']),
  fecha: z.string(),
  /** Download address for the caller (patient or doctor). */
  url: z.string(),
}));
export type ExamFile = z.infer<typeof examFileSchema>;

export const examFileParamsSchema = lazySchema(() => z.object({
  token: safeText().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, messages.detailTokenMissing)),
  fileId: safeText().check(z.uuid(messages.notFound)),
}));

// ---- the doctors' consultations (/Consultas_Admin_Doctor) -----------------------------------------

/** A row: name, ID number, e-mail and registration date (docs/spec/staff.md, doctor consultations list). */
export const doctorConsultationRowSchema = lazySchema(() => z.object({
  // The consultation's state and, for the doctor (issue 20, item 7), its payment's state.
  ...consultationStateShape,
  id: z.string(),
  token: z.string(),
  /** The short human reference ("N.º 000123"), decision 0045. */
  numero: z.number().check(z.int()),
  nombre: z.string(),
  apellido: z.string(),
  cedula: z.string(),
  correo: z.string(),
  fecha_registro: z.string(),
  servicio: z.enum(SERVICES),
  revisado: zeroOne,
  estado_consulta: zeroOne,
}));
export type DoctorConsultationRow = z.infer<typeof doctorConsultationRowSchema>;

/** One line of the consultation's chat (issue 4 fills it; empty until the chat exists). */
export const chatLineSchema = lazySchema(() => z.object({
  de: z.enum(['paciente', 'doctor']),
  texto: z.string(),
  enviado_at: z.string(),
}));
export type ChatLine = z.infer<typeof chatLineSchema>;

/** The consultation as its doctor sees it (docs/spec/staff.md, section 3, "Consultation"). */
export const doctorConsultationDetailSchema = lazySchema(() => z.extend(doctorConsultationRowSchema, {
  nacionalidad: z.string(),
  genero: z.string(),
  edad: z.number(),
  direccion: z.string(),
  celular: z.string(),
  ...clinicalHistoryFieldsShape,
  /** Download address of the newest exam file, or null. */
  archivo_examenes_encrypted: z.nullable(z.string()),
  archivos_examenes: z.array(examFileSchema),
  imagenes: z.array(z.object({ url: z.string(), nombre: z.string() })),
  chat: z.array(chatLineSchema),
  /** The consultation's video calls (issue 25): start, end, minutes. */
  videollamadas: consultationCallsField,
}));
export type DoctorConsultationDetail = z.infer<typeof doctorConsultationDetailSchema>;

const MAX_NOTE = 8000;
const note = lazySchema(() => safeMultilineText({ error: messages.invalidRequest }).check(z.trim(), z.maxLength(MAX_NOTE, messages.fieldTooLong)));
const optionalDate = lazySchema(() => safeText({ error: messages.invalidDate }).check(
  z.trim(),
  z.refine<string>((s) => s === '' || (/^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s)), messages.invalidDate),
));
const optionalTime = lazySchema(() => safeText({ error: messages.invalidTime }).check(
  z.trim(),
  z.refine<string>((s) => s === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(s), messages.invalidTime),
));

/**
 * actualizar_consulta_doctor.php: consulta_id, correo (the patient's), analisis, plan, fecha and
 * hora of the next visit (both or neither), revisado (0 or 1).
 */
export const doctorConsultationUpdateSchema = lazySchema(() => z
  .strictObject({
    consulta_id: safeText({ error: messages.missingFields }).check(z.uuid(messages.invalidRequest)),
    correo: emailField,
    analisis: note,
    plan: note,
    fecha: optionalDate,
    hora: optionalTime,
    // Classic's z.preprocess(fn, schema) is this pipe (mini has no preprocess).
    revisado: z.pipe(
      z.transform((v: unknown) => (v === '0' || v === '1' ? Number(v) : typeof v === 'boolean' ? Number(v) : v)),
      z.union([z.literal(0), z.literal(1)], { error: messages.invalidChoice }),
    ),
  })
  .check(
    z.superRefine((v, ctx) => {
      if ((v.fecha === '') !== (v.hora === '')) {
        ctx.addIssue({ code: 'custom', path: [v.fecha === '' ? 'fecha' : 'hora'], message: messages.nextVisitIncomplete });
      }
    }),
  ));
export type DoctorConsultationUpdate = z.infer<typeof doctorConsultationUpdateSchema>;
export type DoctorConsultationUpdateInput = z.input<typeof doctorConsultationUpdateSchema>;

// ---- the administrators' patients (/PacientesDataAdmin) -------------------------------------------

export const adminPatientRowSchema = lazySchema(() => z.object({
  id: z.string(),
  nombre: z.string(),
  apellido: z.string(),
  cedula: z.string(),
  correo: z.string(),
  fecha_registro: z.string(),
}));
export type AdminPatientRow = z.infer<typeof adminPatientRowSchema>;

/** Patient (admin view): the profile, Acuerdo, Primera_Consulta and the ID-card image fields. */
export const adminPatientDetailSchema = lazySchema(() => z.extend(profileSchema, {
  id: z.string(),
  Acuerdo: z.boolean(),
  acuerdo_at: z.string(),
  /** 1 until the first consultation is used, then 0. */
  Primera_Consulta: zeroOne,
  fecha_registro: z.string(),
  /** The patient's no-shows and whether the prepay policy applies (issue 24 item 4, decision 0049). */
  estado_inasistencias: noShowStatusSchema,
}));
export type AdminPatientDetail = z.infer<typeof adminPatientDetailSchema>;

export const patientIdParamsSchema = lazySchema(() => z.object({ id: safeText().check(z.uuid(messages.notFound)) }));

// ---- the patient's data export (Ley 81 de 2019) -----------------------------------------------------

const exportConsultation = lazySchema(() => z.object({
  token: z.string(),
  fecha_registro: z.string(),
  servicio: z.enum(SERVICES),
  medico: z.string(),
  correo_doctor: z.string(),
  ...clinicalHistoryFieldsShape,
  tipo_de_consulta: z.nullable(z.string()),
  estado_consulta: z.number(),
  revisado: z.number(),
  archivos_examenes: z.array(z.object({ nombre: z.string(), subido_por: z.string(), fecha: z.string(), url: z.string() })),
}));

/** Everything the clinic keeps about the caller, as one JSON file (access and portability). */
export const patientExportSchema = lazySchema(() => z.object({
  generado_at: z.string(),
  aviso: z.string(),
  perfil: z.extend(z.omit(profileSchema, { url_img_cedula: true, name_img_cedula: true }), {
    country_code: z.string(),
    acuerdo: z.boolean(),
    acuerdo_at: z.string(),
    primera_consulta: z.number(),
    fecha_registro: z.string(),
    imagen_cedula: z.nullable(z.object({ nombre: z.string(), url: z.string() })),
  }),
  consultas: z.array(exportConsultation),
  pagos: z.array(
    z.object({
      token: z.string(),
      fecha: z.string(),
      proposito: z.string(),
      servicio: z.string(),
      monto: z.number(),
      moneda: z.string(),
      metodo_de_pago: z.string(),
      estado: z.string(),
      motivo_rechazo: z.nullable(z.string()),
      revisado: z.boolean(),
    }),
  ),
  sugerencias: z.array(z.object({ sugerencia: z.string(), fecha_registro: z.string() })),
  documentos: z.array(z.object({ nombre_pdf: z.string(), tipo: z.string(), created_at: z.string() })),
  /** Who read or changed the patient's data, and when (the audit rows about them). */
  accesos: z.array(z.object({ fecha: z.string(), rol: z.string(), accion: z.string(), resultado: z.string() })),
}));
export type PatientExport = z.infer<typeof patientExportSchema>;
