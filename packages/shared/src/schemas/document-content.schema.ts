import { z } from 'zod/mini';
import { safeText } from './text.schema.js';
import { messages } from '../messages.js';
import { lazySchema } from './lazy-schema.js';

/**
 * What a medical document says beyond the specification's fields (issue 22, items 6-8; decision
 * 0042): the diagnosis with its optional CIE-10 code, the referral's destination, the referral's
 * derived vital signs and the structured prescription. Shared by the forms, the routes, the PDF
 * and the tests.
 */

// --- diagnosis (CIE-10) -----------------------------------------------------------------------

/**
 * A CIE-10 code as printed: a letter, two digits, and for a subcategory a dot and one digit
 * (J06.9, I10). Typed codes are normalised first (case, spaces, a missing dot, the 'X' some
 * national lists append to a category without subdivisions).
 */
export const CIE10_CODE = /^[A-Z]\d{2}(\.\d)?$/;

export function normaliseCie10(input: string): string {
  const raw = input.toUpperCase().replace(/[\s.]/g, '');
  const m = /^([A-Z]\d{2})(\d|X)?$/.exec(raw);
  if (!m) return input.trim().toUpperCase();
  return m[2] && m[2] !== 'X' ? `${m[1]}.${m[2]}` : m[1]!;
}

/** The optional code field: empty, or a well-formed code (the server checks it is in the list). */
export const cie10Field = lazySchema(() => z
  .pipe(
    z.optional(
      safeText({ error: messages.invalidCie10Code }).check(z.trim(), z.maxLength(8, messages.invalidCie10Code)),
    ),
    z.transform((v: string | undefined) => (v ? normaliseCie10(v) : '')),
  )
  .check(z.refine((v: string) => v === '' || CIE10_CODE.test(v), messages.invalidCie10Code)));

/** GET /api/doctor/documents/cie10?q=: codes or words, at least two characters. */
export const cie10SearchQuerySchema = lazySchema(() => z.object({
  q: safeText().check(
    z.trim(),
    z.minLength(2, messages.cie10SearchTooShort),
    z.maxLength(60, messages.cie10SearchTooShort),
  ),
}));
export const cie10EntrySchema = lazySchema(() => z.object({ codigo: z.string(), descripcion: z.string() }));
export type Cie10Entry = z.infer<typeof cie10EntrySchema>;
export const cie10EntryListSchema = lazySchema(() => z.array(cie10EntrySchema));

/** The documents that carry a diagnosis. */
export const DIAGNOSIS_DOCUMENTS = [
  'certificado-incapacidad',
  'solicitud-examenes',
  'referencia-medica',
  'historia-clinica',
] as const;

/** "J06.9 — Infección aguda de las vías respiratorias superiores, no especificada" (the printed form). */
export const diagnosisLine = (code: string, title: string) => `${code} — ${title}`;

// --- referral ---------------------------------------------------------------------------------

/** The Spanish words of the referral's yes/no values (the specification's values stay 'Si'/'No'). */
export const YES_NO_WORDS: Record<string, string> = { Si: 'Sí', No: 'No' };

const decimal = (text: string) => {
  const n = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(n) ? n : null;
};

/** Weight in kilograms a referral accepts (a newborn to the heaviest adults). */
export const WEIGHT_KG = { min: 0.3, max: 400 } as const;
/** Height in metres a referral accepts: a number of metres, never centimetres. */
export const HEIGHT_M = { min: 0.2, max: 2.6 } as const;

export const weightKg = (text: string) => {
  const n = decimal(text);
  return n !== null && n >= WEIGHT_KG.min && n <= WEIGHT_KG.max ? n : null;
};
export const heightM = (text: string) => {
  const n = decimal(text);
  return n !== null && n >= HEIGHT_M.min && n <= HEIGHT_M.max ? n : null;
};

/**
 * T2 (height², m²) and IMC (kg/m²) from the weight in kg and the height in metres, with a decimal
 * comma as written in Panama; null unless both are valid. The server computes them: what the
 * browser sent for T2 and IMC is never printed.
 */
export function bodyMassIndex(peso: string, talla: string): { t2: string; imc: string } | null {
  const kg = weightKg(peso);
  const m = heightM(talla);
  if (kg === null || m === null) return null;
  const t2 = m * m;
  const comma = (n: number, digits: number) => n.toFixed(digits).replace('.', ',');
  return { t2: comma(t2, 2), imc: comma(kg / t2, 1) };
}

/** The fontanelles close by about 18 months: the referral asks for them only under two years. */
export const asksFontanelles = (edad: string) => /^\d{1,3}$/.test(edad.trim()) && Number(edad) < 2;

// --- structured prescription ------------------------------------------------------------------

export const MAX_PRESCRIPTION_LINES = 10;

/** Routes of administration a prescription line offers. */
export const ADMINISTRATION_ROUTES = [
  'Oral',
  'Sublingual',
  'Tópica',
  'Oftálmica',
  'Ótica',
  'Nasal',
  'Inhalada',
  'Rectal',
  'Vaginal',
  'Intramuscular',
  'Intravenosa',
  'Subcutánea',
  'Transdérmica',
] as const;

const lineText = (max: number) =>
  z
    .pipe(
      z.optional(safeText({ error: messages.invalidRequest }).check(z.trim(), z.maxLength(max, messages.fieldTooLong))),
      z.transform((v: string | undefined) => v ?? ''),
    )
    .check(z.refine((v: string) => v !== '', messages.missingFields));

/** One medication of a prescription: every column is required (a pharmacist dispenses from it). */
export const prescriptionLineSchema = lazySchema(() => z.object({
  medicamento: lineText(120),
  presentacion: lineText(120),
  dosis: lineText(80),
  via: z
    .pipe(
      z.optional(safeText({ error: messages.invalidChoice }).check(z.trim())),
      z.transform((v: string | undefined) => v ?? ''),
    )
    .check(
      z.refine((v: string) => v !== '', messages.missingFields),
      z.refine(
        (v: string) => v === '' || (ADMINISTRATION_ROUTES as readonly string[]).includes(v),
        messages.invalidChoice,
      ),
    ),
  frecuencia: lineText(80),
  duracion: lineText(60),
  cantidad: lineText(60),
}));
export type PrescriptionLine = z.output<typeof prescriptionLineSchema>;
export type PrescriptionLineInput = z.input<typeof prescriptionLineSchema>;

export const prescriptionLinesField = lazySchema(() => z
  .array(prescriptionLineSchema, { error: messages.prescriptionLinesRequired })
  .check(
    z.minLength(1, messages.prescriptionLinesRequired),
    z.maxLength(MAX_PRESCRIPTION_LINES, messages.tooManyPrescriptionLines),
  ));

/** The columns of a prescription line, in the order of the form and of the PDF's table. */
export const PRESCRIPTION_COLUMNS: readonly { name: keyof PrescriptionLine; label: string }[] = [
  { name: 'medicamento', label: 'Medicamento' },
  { name: 'presentacion', label: 'Presentación y concentración' },
  { name: 'dosis', label: 'Dosis' },
  { name: 'via', label: 'Vía' },
  { name: 'frecuencia', label: 'Frecuencia' },
  { name: 'duracion', label: 'Duración' },
  { name: 'cantidad', label: 'Cantidad' },
];

export const emptyPrescriptionLine = (): PrescriptionLineInput => ({
  medicamento: '',
  presentacion: '',
  dosis: '',
  via: '',
  frecuencia: '',
  duracion: '',
  cantidad: '',
});
