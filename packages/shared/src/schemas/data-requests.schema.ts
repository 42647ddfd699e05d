import { z } from 'zod/mini';
import { safeMultilineText } from './text.schema.js';
import { messages } from '../messages.js';
import { phoneFitsCountry, requiredText, patientProfileFields } from './auth.schema.js';
import { listQuerySchema } from './records.schema.js';
import { lazySchema } from './lazy-schema.js';

/**
 * Ley 81 de 2019 rights beyond the export (docs/decisions/0028): a patient asks for a correction
 * of their data or for the closing of their account; an administrator accepts or refuses it.
 */

export const DATA_REQUEST_TYPES = ['correccion', 'cierre'] as const;
export type DataRequestType = (typeof DATA_REQUEST_TYPES)[number];
export const DATA_REQUEST_STATES = ['pendiente', 'aceptada', 'rechazada'] as const;
export type DataRequestState = (typeof DATA_REQUEST_STATES)[number];

/**
 * The profile fields a correction may change, in the profile's order. The e-mail is not one of
 * them: it is how the person signs in, and a new address must be proven theirs first.
 */
export const CORRECTABLE_FIELDS = [
  'nombre',
  'apellido',
  'cedula',
  'edad',
  'genero',
  'nacionalidad',
  'direccion',
  'country_code',
  'celular',
] as const;
export type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];

/** The corrected values: only the fields that change, each checked by its registration rule. */
export const correctionChangesSchema = lazySchema(() => z.partial(z.strictObject(patientProfileFields)));
export type CorrectionChanges = z.infer<typeof correctionChangesSchema>;

/**
 * The profile page's correction form: the whole profile as registration checks it, starting from
 * the current values, and the reason. The page sends only the fields that changed.
 */
export const correctionFormSchema = lazySchema(() => z
  .strictObject({ ...patientProfileFields, motivo: requiredText(1000) })
  .check(
    z.superRefine(phoneFitsCountry, { when: (payload) => typeof payload.value === 'object' && payload.value !== null }),
  ));
export type CorrectionFormInput = z.input<typeof correctionFormSchema>;
export type CorrectionFormValues = z.infer<typeof correctionFormSchema>;

/** POST /api/patient/data-requests/correction. */
export const correctionRequestSchema = lazySchema(() => z.strictObject({
  cambios: correctionChangesSchema,
  motivo: requiredText(1000),
}));
export type CorrectionRequestInput = z.input<typeof correctionRequestSchema>;

/** POST /api/patient/data-requests/closing: the person confirms having read what closing means. */
export const closingRequestSchema = lazySchema(() => z.strictObject({
  motivo: z.optional(safeMultilineText().check(z.trim(), z.maxLength(1000, messages.fieldTooLong))),
  confirmo: z.literal(true, { error: messages.closingConfirmRequired }),
}));
export type ClosingRequestInput = z.input<typeof closingRequestSchema>;

/** POST /api/admin/data-requests/:id/decision: accept, or refuse with the reason the patient will read. */
export const dataRequestDecisionSchema = lazySchema(() => z
  .strictObject({
    decision: z.enum(['aceptar', 'rechazar'], { error: messages.invalidChoice }),
    respuesta: z.optional(
      safeMultilineText({ error: messages.missingFields }).check(z.trim(), z.maxLength(1000, messages.fieldTooLong)),
    ),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.decision === 'rechazar' && !v.respuesta) {
        ctx.addIssue({ code: 'custom', path: ['respuesta'], message: messages.rejectReasonRequired });
      }
    }),
  ));
export type DataRequestDecisionInput = z.input<typeof dataRequestDecisionSchema>;

export const dataRequestIdParamsSchema = lazySchema(() => z.object({ id: z.string().check(z.uuid(messages.notFound)) }));

/** A corrected value as stored and shown (the age is a number). */
const changesView = lazySchema(() => z.record(z.string(), z.union([z.string(), z.number()])));

/** One of the patient's own requests, as their profile shows it. */
export const dataRequestSchema = lazySchema(() => z.object({
  id: z.string(),
  tipo: z.enum(DATA_REQUEST_TYPES),
  estado: z.enum(DATA_REQUEST_STATES),
  cambios: z.nullable(changesView),
  motivo: z.nullable(z.string()),
  respuesta: z.nullable(z.string()),
  created_at: z.string(),
  resuelta_at: z.nullable(z.string()),
}));
export type DataRequest = z.infer<typeof dataRequestSchema>;

/** The administrators' list: the request, whose it is and, for a correction, the values it replaces. */
export const adminDataRequestSchema = lazySchema(() => z.extend(dataRequestSchema, {
  paciente: z.object({
    id: z.string(),
    nombre: z.string(),
    apellido: z.string(),
    cedula: z.string(),
    correo: z.string(),
    /** Set once the account was closed. */
    cerrada: z.boolean(),
  }),
  /** The patient's current values of the fields the correction changes. */
  actuales: z.nullable(changesView),
  resuelta_por: z.nullable(z.string()),
}));
export type AdminDataRequest = z.infer<typeof adminDataRequestSchema>;

/**
 * Query of the administrators' list: pending requests or handled ones, newest first, and the
 * staff lists' first-name search of the patient (decision 0047).
 */
export const dataRequestListQuerySchema = lazySchema(() => z.object({
  ...listQuerySchema.shape,
  estado: z._default(z.enum(['pendiente', 'resuelta'], { error: messages.invalidChoice }), 'pendiente'),
}));
export type DataRequestListQuery = z.infer<typeof dataRequestListQuerySchema>;

/** GET /api/patient/data-requests: the current values a correction starts from, the requests, and whether closing can be asked now. */
export const myDataRequestsSchema = lazySchema(() => z.object({
  actuales: z.object({
    nombre: z.string(),
    apellido: z.string(),
    cedula: z.string(),
    edad: z.number(),
    genero: z.string(),
    nacionalidad: z.string(),
    direccion: z.string(),
    country_code: z.string(),
    celular: z.string(),
  }),
  solicitudes: z.array(dataRequestSchema),
  /** True while a paid consultation, a payment under review or a coming appointment keeps the account open. */
  cierre_bloqueado: z.boolean(),
}));
export type MyDataRequests = z.infer<typeof myDataRequestsSchema>;
