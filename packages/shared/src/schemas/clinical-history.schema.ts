import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema.js';

/**
 * The clinical history of a consultation (issue 21, item 4): the patient's form, the vital signs
 * and the doctor's follow-up, with the specification's field names (docs/spec/patient-and-public.md,
 * section 3; docs/spec/staff.md, section 3). Declared once and spread into every answer that carries it
 * (the patient's, the administrator's and the doctor's consultation detail, the data export), so
 * the 15 fields cannot drift apart between screens.
 */

/** What the patient wrote on the consultation form (each required there, so always text). */
export const CLINICAL_HISTORY_FORM_FIELDS = [
  'sintomas',
  'antecedentes_familiares',
  'antecedentes_personales',
  'antecedentes_quirurgicos',
  'alergias',
  'otros_datos',
] as const;

/** The vital signs sent from the chat; null until the patient sends them. */
export const CLINICAL_HISTORY_VITAL_FIELDS = ['peso', 'talla', 'presion_arterial', 'frecuencia_cardiaca', 'frecuencia_respiratoria'] as const;

/** The doctor's follow-up: analysis, plan and the next visit (yyyy-MM-dd and HH:mm); null until written. */
export const CLINICAL_HISTORY_FOLLOW_UP_FIELDS = ['analisis', 'plan', 'fecha', 'hora'] as const;

export const clinicalHistoryFieldsShape = lazySchema(() => ({
  sintomas: z.string(),
  antecedentes_familiares: z.string(),
  antecedentes_personales: z.string(),
  antecedentes_quirurgicos: z.string(),
  alergias: z.string(),
  otros_datos: z.string(),
  /** Kilograms. */
  peso: z.nullable(z.number()),
  /** Metres. */
  talla: z.nullable(z.number()),
  presion_arterial: z.nullable(z.string()),
  frecuencia_cardiaca: z.nullable(z.string()),
  frecuencia_respiratoria: z.nullable(z.string()),
  analisis: z.nullable(z.string()),
  plan: z.nullable(z.string()),
  /** Next consultation (yyyy-MM-dd and HH:mm). */
  fecha: z.nullable(z.string()),
  hora: z.nullable(z.string()),
}));

export const clinicalHistoryFieldsSchema = lazySchema(() => z.object(clinicalHistoryFieldsShape));
export type ClinicalHistoryFields = z.infer<typeof clinicalHistoryFieldsSchema>;

/** The 15 field names, in the order of the specification's lists. */
export const CLINICAL_HISTORY_FIELDS = [
  ...CLINICAL_HISTORY_FORM_FIELDS,
  ...CLINICAL_HISTORY_VITAL_FIELDS,
  ...CLINICAL_HISTORY_FOLLOW_UP_FIELDS,
] as const satisfies readonly (keyof ClinicalHistoryFields)[];
