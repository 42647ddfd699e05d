import { z } from 'zod/mini';
import { safeText } from './text.schema.js';
import { COUNTRY_CODES } from '../constants.js';
import { messages } from '../messages.js';
import { emailField, phoneMatchesCountry, requiredText } from './auth.schema.js';
import { doctorProfileSchema } from './doctor-profile.schema.js';
import {
  asksFontanelles,
  bodyMassIndex,
  cie10Field,
  heightM,
  prescriptionLinesField,
  weightKg,
} from './document-content.schema.js';
import { pageSchema } from './records.schema.js';
import { lazySchema } from './lazy-schema.js';

/**
 * The six medical documents of the doctors (docs/spec/staff.md, "Document form fields"). Field names are
 * the specification's, letter for letter; every value travels as text, so the form, the route
 * and the PDF see the same strings. Which fields are required is written in docs/documents.md.
 */

export const DOCUMENT_TYPES = [
  'certificado-salud',
  'solicitud-examenes',
  'historia-clinica',
  'referencia-medica',
  'recetario',
  'certificado-incapacidad',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The document's title, as printed on the PDF and shown on the pages. */
export const DOCUMENT_TITLES: Record<DocumentType, string> = {
  'certificado-salud': 'Certificado de Salud',
  'solicitud-examenes': 'Solicitud de Exámenes',
  'historia-clinica': 'Historia Clínica',
  'referencia-medica': 'Referencia Médica',
  recetario: 'Recetario',
  'certificado-incapacidad': 'Certificado de Incapacidad',
};

/** The doctor-area page of each form (docs/spec/staff.md, section 2). */
export const DOCUMENT_PAGES: Record<DocumentType, string> = {
  'certificado-salud': '/Certif_Salud',
  'solicitud-examenes': '/Solic_Examenes',
  'historia-clinica': '/HistoriaClinica',
  'referencia-medica': '/RefMedicas',
  recetario: '/Recetarios',
  'certificado-incapacidad': '/CertificadoIncapacidad',
};

export const SEXES = ['Hombre', 'Mujer'] as const;
export const REFERRAL_SPECIALTIES = ['Consulta General', 'Psicología', 'Medicina Interna', 'Nefrología'] as const;
export const YES_NO = ['Si', 'No'] as const;
export const EXAM_FINDINGS = ['Normal', 'Anormal'] as const;
/** The referral's body systems, each with a Normal/Anormal select. */
export const BODY_SYSTEMS = [
  'Cabeza',
  'Fontanelas',
  'Ojos',
  'ORL',
  'Piel_Y_Linfatico',
  'Cardiopulmonar',
  'Abdomen',
  'O_Sexuales',
  'Extremidades',
  'Urologico',
  'Neurologico',
] as const;
export const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;
export const DEFAULT_COUNTRY_CODE = '+507';

// --- field builders ---------------------------------------------------------------------------

const NAME = 150;
const LONG = 4000;

/** An optional text: trimmed, bounded, empty when absent. */
const optionalText = (max: number, multiline = false) =>
  z.pipe(
    z.optional(
      safeText({ error: messages.invalidRequest, multiline }).check(z.trim(), z.maxLength(max, messages.fieldTooLong)),
    ),
    z.transform((v: string | undefined) => v ?? ''),
  );

// The fields of 1000 characters and more are the forms' textareas: they keep their line breaks.
const text = (required: boolean, max: number) =>
  required ? requiredText(max, max >= 1000) : optionalText(max, max >= 1000);

const isCalendarDate = (v: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1900 && y <= 2200 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
};

/** A calendar date YYYY-MM-DD (the value of an input type="date"). */
const dateField = (required: boolean) =>
  text(required, 10).check(z.refine((v: string) => v === '' || isCalendarDate(v), messages.invalidDate));

/** A time HH:MM, 24-hour (the value of an input type="time"). */
const timeField = (required: boolean) =>
  text(required, 5).check(
    z.refine((v: string) => v === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), messages.invalidTime),
  );

const ageField = (required: boolean) =>
  text(required, 3).check(
    z.refine((v: string) => v === '' || (/^\d{1,3}$/.test(v) && Number(v) <= 120), messages.invalidAge),
  );

/** A select: one of the values, or empty when the field is optional. */
const choice = (values: readonly string[], required: boolean) =>
  z
    .pipe(
      z.optional(safeText({ error: messages.invalidChoice }).check(z.trim())),
      z.transform((v: string | undefined) => v ?? ''),
    )
    .check(
      z.refine((v: string) => !required || v !== '', messages.missingFields),
      z.refine((v: string) => v === '' || values.includes(v), messages.invalidChoice),
    );

const countryCode = () =>
  z
    .pipe(
      z.optional(safeText({ error: messages.invalidChoice }).check(z.trim())),
      z.transform((v: string | undefined) => v || DEFAULT_COUNTRY_CODE),
    )
    .check(z.refine((v: string) => (COUNTRY_CODES as readonly string[]).includes(v), messages.invalidChoice));

const phone = (required: boolean) =>
  text(required, 30).check(z.refine((v: string) => v === '' || /^[\d\s()-]+$/.test(v), messages.invalidPhone));

type PhoneFields = { country_code: string; Celular: string };
const checkPhone = (v: PhoneFields, ctx: z.core.$RefinementCtx) => {
  if (v.Celular !== '' && !phoneMatchesCountry(v.country_code, v.Celular)) {
    ctx.addIssue({ code: 'custom', path: ['Celular'], message: messages.invalidPhone });
  }
};

// --- the six forms ----------------------------------------------------------------------------

/**
 * The diagnosis (issue 22, item 6): words and an optional CIE-10 code from the clinic's list.
 * Optional: an incapacity certificate usually goes to an employer, and what the patient's
 * illness is, is the doctor's and the patient's choice to print.
 */
const diagnosis = () => ({ Diagnostico: text(false, 500), CIE10: cie10Field });

/** Health certificate (Cert_Salud). */
export const healthCertificateSchema = lazySchema(() => z.object({
  correoPaciente: emailField,
  ssn: text(false, 30),
  date: dateField(true),
  patientName: text(true, NAME),
  doctorName: text(true, NAME),
  doctorCode: text(false, 50),
  regNumber: text(true, 50),
}));

/** Exam request (Solicitud_Examenes); `Examenes` is the product's addition: what is requested. */
export const examRequestSchema = lazySchema(() => z
  .object({
    correoPaciente: emailField,
    patientName: text(true, NAME),
    country_code: countryCode(),
    Celular: phone(false),
    CIP: text(false, 30),
    Edad: ageField(false),
    Sexo: choice(SEXES, false),
    Examenes: text(true, LONG),
    ...diagnosis(),
  })
  .check(z.superRefine(checkPhone)));

/** Clinical history (Historia_Clinica): everything but the legal representative is required. */
export const clinicalHistorySchema = lazySchema(() => z
  .object({
    correoPaciente: emailField,
    patientName: text(true, NAME),
    Edad: ageField(true),
    FechaNacimiento: dateField(true),
    country_code: countryCode(),
    Celular: phone(true),
    Direccion: text(true, 300),
    Genero: choice(SEXES, true),
    Cedula: text(true, 30),
    RepreLegal: text(false, NAME),
    Fecha: dateField(true),
    Subjetivo: text(true, LONG),
    APP: text(true, LONG),
    Alergias: text(true, 1000),
    Objetivo: text(true, LONG),
    Peso: text(true, 20),
    TA: text(true, 20),
    FC: text(true, 20),
    FR: text(true, 20),
    T: text(true, 20),
    Analisis: text(true, LONG),
    ...diagnosis(),
    Plan: text(true, LONG),
  })
  .check(
    z.superRefine((v, ctx) => {
      checkPhone(v, ctx);
      // A minor is attended with a legal representative, who must then be named.
      if (v.Edad !== '' && Number(v.Edad) < 18 && v.RepreLegal === '') {
        ctx.addIssue({ code: 'custom', path: ['RepreLegal'], message: messages.legalRepresentativeRequired });
      }
    }),
  ));

const bodySystems = Object.fromEntries(BODY_SYSTEMS.map((s) => [s, choice(EXAM_FINDINGS, true)])) as Record<
  (typeof BODY_SYSTEMS)[number],
  ReturnType<typeof choice>
>;

/** Medical referral (Ref_Medicas): identification, history, vital signs, findings and plan are required. */
export const medicalReferralSchema = lazySchema(() => z.pipe(
  z
    .object({
      correoPaciente: emailField,
      Especialidad: choice(REFERRAL_SPECIALTIES, true),
      // 'Referido a': the speciality above and, optionally, the doctor or institution (issue 22, item 7).
      ReferidoA: text(false, 200),
      Paciente: text(true, NAME),
      Edad: ageField(true),
      Genero: choice(SEXES, true),
      Cedula: text(true, 30),
      ValidacionSSN: choice(YES_NO, true),
      SSN: text(false, 30),
      Direccion: text(true, 300),
      Trabajo: text(false, 200),
      country_code: countryCode(),
      Celular: phone(true),
      Fecha: dateField(true),
      Hora: timeField(true),
      Subjetivo: text(true, LONG),
      Alergias: text(true, 1000),
      APP: text(true, LONG),
      AHF: text(false, LONG),
      AQX: text(false, LONG),
      Medicamentos: text(false, LONG),
      Peso: text(true, 20),
      Talla: text(true, 20),
      T2: text(false, 20),
      IMC: text(false, 20),
      TA: text(true, 20),
      FC: text(true, 20),
      FR: text(true, 20),
      TEMP: text(true, 20),
      FCF: text(false, 20),
      ...bodySystems,
      Fontanelas: choice(EXAM_FINDINGS, false),
      Hallazgos_Relevantes: text(true, LONG),
      Analisis: text(true, LONG),
      ...diagnosis(),
      Plan: text(true, LONG),
      Medico: text(true, NAME),
      Reg: text(true, 50),
    })
    .check(
      z.superRefine((v, ctx) => {
        checkPhone(v, ctx);
        if (v.ValidacionSSN === 'Si' && v.SSN === '') {
          ctx.addIssue({ code: 'custom', path: ['SSN'], message: messages.missingFields });
        }
        if (v.Peso !== '' && weightKg(v.Peso) === null)
          ctx.addIssue({ code: 'custom', path: ['Peso'], message: messages.invalidWeight });
        if (v.Talla !== '' && heightM(v.Talla) === null)
          ctx.addIssue({ code: 'custom', path: ['Talla'], message: messages.invalidHeight });
        // Fontanelles are examined only in children under two (they close by about 18 months).
        if (asksFontanelles(v.Edad) && v.Fontanelas === '') {
          ctx.addIssue({ code: 'custom', path: ['Fontanelas'], message: messages.missingFields });
        }
      }),
    ),
  // The SSN is kept only when ValidacionSSN is 'Si'; fontanelles only under two; T2 and IMC are
  // always the server's own computation from weight and height (metres), whatever was sent.
  z.transform((v) => {
    const bmi = bodyMassIndex(v.Peso, v.Talla);
    return {
      ...v,
      SSN: v.ValidacionSSN === 'Si' ? v.SSN : '',
      Fontanelas: asksFontanelles(v.Edad) ? v.Fontanelas : '',
      T2: bmi?.t2 ?? '',
      IMC: bmi?.imc ?? '',
    };
  }),
));

/** Prescription (Recetario); `Medicamentos` is the product's addition: what is prescribed. */
export const prescriptionSchema = lazySchema(() => z
  .object({
    correoPaciente: emailField,
    patientName: text(true, NAME),
    country_code: countryCode(),
    Celular: phone(false),
    CIP: text(false, 30),
    Edad: ageField(false),
    Sexo: choice(SEXES, false),
    Alergias: text(false, 1000),
    date: dateField(true),
    // Structured lines (issue 22, item 8): up to 10 medicines, each with every column.
    Medicamentos: prescriptionLinesField,
    Indicaciones: text(false, 2000),
  })
  .check(z.superRefine(checkPhone)));

const dayField = () =>
  text(true, 2).check(
    z.refine((v: string) => v === '' || (/^\d{1,2}$/.test(v) && +v >= 1 && +v <= 31), messages.invalidDate),
  );
const monthField = () =>
  text(true, 2).check(
    z.refine((v: string) => v === '' || (/^\d{1,2}$/.test(v) && +v >= 1 && +v <= 12), messages.invalidDate),
  );
const yearField = () =>
  text(true, 4).check(
    z.refine((v: string) => v === '' || (/^\d{4}$/.test(v) && +v >= 1900 && +v <= 2200), messages.invalidDate),
  );

const pad2 = (v: string) => v.padStart(2, '0');
/** The start or end of an incapacity as YYYY-MM-DDTHH:MM, or null when it is not a real date. */
export const incapacityMoment = (v: { dia: string; mes: string; ano: string; hora: string }) => {
  const day = `${v.ano}-${pad2(v.mes)}-${pad2(v.dia)}`;
  return isCalendarDate(day) && /^([01]\d|2[0-3]):[0-5]\d$/.test(v.hora) ? `${day}T${v.hora}` : null;
};

/** Incapacity certificate (Cert_Incapacidad): the period, its days and the doctor are required. */
export const incapacityCertificateSchema = lazySchema(() => z
  .object({
    correoPaciente: emailField,
    ssn: text(false, 30),
    date: dateField(true),
    patientName: text(true, NAME),
    dias_incapacidad: text(true, 3).check(
      z.refine(
        (v: string) => v === '' || (/^\d{1,3}$/.test(v) && +v >= 1 && +v <= 365),
        messages.invalidIncapacityDays,
      ),
    ),
    hora_inicio: timeField(true),
    dia_inicio: dayField(),
    mes_inicio: monthField(),
    ano_inicio: yearField(),
    hora_final: timeField(true),
    dia_final: dayField(),
    mes_final: monthField(),
    ano_final: yearField(),
    doctorName: text(true, NAME),
    regNumber: text(true, 50),
    ...diagnosis(),
  })
  .check(
    z.superRefine((v, ctx) => {
      const parts = ['hora', 'dia', 'mes', 'ano'] as const;
      const filled = (end: 'inicio' | 'final') => parts.every((p) => v[`${p}_${end}`] !== '');
      if (!filled('inicio') || !filled('final')) return;
      const start = incapacityMoment({ dia: v.dia_inicio, mes: v.mes_inicio, ano: v.ano_inicio, hora: v.hora_inicio });
      const end = incapacityMoment({ dia: v.dia_final, mes: v.mes_final, ano: v.ano_final, hora: v.hora_final });
      if (!start) ctx.addIssue({ code: 'custom', path: ['dia_inicio'], message: messages.invalidDate });
      if (!end) ctx.addIssue({ code: 'custom', path: ['dia_final'], message: messages.invalidDate });
      if (start && end && end <= start) {
        ctx.addIssue({ code: 'custom', path: ['dia_final'], message: messages.incapacityEndBeforeStart });
      } else if (
        start &&
        end &&
        /^\d{1,3}$/.test(v.dias_incapacidad) &&
        Number(v.dias_incapacidad) !== incapacitySpanDays(start, end)
      ) {
        // The certificate says the days in words and the period in dates: they must not contradict
        // each other (issue 22: '10 days from 24/11 08:00 to 26/11 08:00' was printed).
        ctx.addIssue({ code: 'custom', path: ['dias_incapacidad'], message: messages.incapacityDaysMismatch });
      }
    }),
  ));

/**
 * The days an incapacity covers from its start to its end (YYYY-MM-DDTHH:MM): every 24 hours
 * begun is a day, so 08:00 on the 21st to 08:00 on the 24th is 3 days, and to 17:00 on the 21st is
 * 1 (docs/decisions/0041).
 */
export function incapacitySpanDays(start: string, end: string) {
  const ms = Date.parse(`${end}:00Z`) - Date.parse(`${start}:00Z`);
  return Math.ceil(ms / 86_400_000);
}

/** The schema of each document type: the form's resolver, the route's body and the tests use it. */
export const documentSchemas = {
  'certificado-salud': healthCertificateSchema,
  'solicitud-examenes': examRequestSchema,
  'historia-clinica': clinicalHistorySchema,
  'referencia-medica': medicalReferralSchema,
  recetario: prescriptionSchema,
  'certificado-incapacidad': incapacityCertificateSchema,
} as const satisfies Record<DocumentType, z.ZodMiniType>;

export type HealthCertificate = z.output<typeof healthCertificateSchema>;
export type ExamRequest = z.output<typeof examRequestSchema>;
export type ClinicalHistory = z.output<typeof clinicalHistorySchema>;
export type MedicalReferral = z.output<typeof medicalReferralSchema>;
export type Prescription = z.output<typeof prescriptionSchema>;
export type IncapacityCertificate = z.output<typeof incapacityCertificateSchema>;
export type DocumentInput<T extends DocumentType> = z.input<(typeof documentSchemas)[T]>;
export type DocumentData<T extends DocumentType> = z.output<(typeof documentSchemas)[T]>;
/** Any document's parsed text fields, by the specification's names (the prescription's lines travel apart). */
export type DocumentFields = Record<string, string>;

// --- field descriptions: labels and widgets, shared by the form and the PDF --------------------

export type FieldKind =
  | 'email'
  | 'text'
  | 'textarea'
  | 'date'
  | 'time'
  | 'age'
  | 'select'
  | 'country'
  | 'phone'
  | 'number'
  /** The CIE-10 code, chosen from the clinic's list (a search box). */
  | 'cie10'
  /** The prescription's medication lines (a table of lines). */
  | 'lines';

export interface DocumentField {
  name: string;
  label: string;
  kind: FieldKind;
  options?: readonly string[];
  /** Labels of the options when they differ from the values (months). */
  optionLabels?: readonly string[];
  /** The form section the field belongs to (a heading on the page and in the PDF). */
  section?: string;
}

const f = (
  name: string,
  label: string,
  kind: FieldKind = 'text',
  extra: Partial<DocumentField> = {},
): DocumentField => ({
  name,
  label,
  kind,
  ...extra,
});

const PATIENT_EMAIL = f('correoPaciente', 'Correo del paciente', 'email');
const COUNTRY = f('country_code', 'Código de país', 'country');
const CELL = f('Celular', 'Celular', 'phone');
const SEX = (name: string, label: string) => f(name, label, 'select', { options: SEXES });
const DIAGNOSIS = (section?: string) => [
  f('Diagnostico', 'Diagnóstico', 'text', section ? { section } : {}),
  f('CIE10', 'Código CIE-10', 'cie10', section ? { section } : {}),
];
const DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1));
const MONTH_VALUES = MONTHS.map((_, i) => String(i + 1));

/** Every field of each form, in the order of the page, with its Spanish label. */
export const DOCUMENT_FIELDS: Record<DocumentType, readonly DocumentField[]> = {
  'certificado-salud': [
    PATIENT_EMAIL,
    f('patientName', 'Nombre del paciente'),
    f('ssn', 'Número de Seguro Social'),
    f('date', 'Fecha', 'date'),
    f('doctorName', 'Nombre del médico'),
    f('doctorCode', 'Código del médico'),
    f('regNumber', 'Número de registro'),
  ],
  'solicitud-examenes': [
    PATIENT_EMAIL,
    f('patientName', 'Nombre del paciente'),
    f('CIP', 'Cédula (CIP)'),
    f('Edad', 'Edad', 'age'),
    SEX('Sexo', 'Sexo'),
    COUNTRY,
    CELL,
    f('Examenes', 'Exámenes solicitados', 'textarea'),
    ...DIAGNOSIS(),
  ],
  'historia-clinica': [
    PATIENT_EMAIL,
    f('patientName', 'Nombre del paciente', 'text', { section: 'Datos del paciente' }),
    f('Edad', 'Edad', 'age', { section: 'Datos del paciente' }),
    f('FechaNacimiento', 'Fecha de nacimiento', 'date', { section: 'Datos del paciente' }),
    { ...SEX('Genero', 'Género'), section: 'Datos del paciente' },
    f('Cedula', 'Cédula', 'text', { section: 'Datos del paciente' }),
    { ...COUNTRY, section: 'Datos del paciente' },
    { ...CELL, section: 'Datos del paciente' },
    f('Direccion', 'Dirección', 'text', { section: 'Datos del paciente' }),
    f('RepreLegal', 'Representante legal', 'text', { section: 'Datos del paciente' }),
    f('Fecha', 'Fecha de la consulta', 'date', { section: 'Consulta' }),
    f('Subjetivo', 'Subjetivo (motivo de consulta)', 'textarea', { section: 'Consulta' }),
    f('APP', 'Antecedentes personales patológicos (APP)', 'textarea', { section: 'Consulta' }),
    f('Alergias', 'Alergias', 'textarea', { section: 'Consulta' }),
    f('Objetivo', 'Objetivo (examen físico)', 'textarea', { section: 'Consulta' }),
    f('Peso', 'Peso (kg)', 'text', { section: 'Signos vitales' }),
    f('TA', 'Tensión arterial (TA, mmHg)', 'text', { section: 'Signos vitales' }),
    f('FC', 'Frecuencia cardiaca (FC, lpm)', 'text', { section: 'Signos vitales' }),
    f('FR', 'Frecuencia respiratoria (FR, rpm)', 'text', { section: 'Signos vitales' }),
    f('T', 'Temperatura (T, °C)', 'text', { section: 'Signos vitales' }),
    f('Analisis', 'Análisis', 'textarea', { section: 'Análisis y plan' }),
    ...DIAGNOSIS('Análisis y plan'),
    f('Plan', 'Plan', 'textarea', { section: 'Análisis y plan' }),
  ],
  'referencia-medica': [
    PATIENT_EMAIL,
    f('Especialidad', 'Referido a (especialidad)', 'select', { options: REFERRAL_SPECIALTIES, section: 'Referencia' }),
    f('ReferidoA', 'Médico o institución', 'text', { section: 'Referencia' }),
    f('Fecha', 'Fecha', 'date', { section: 'Referencia' }),
    f('Hora', 'Hora', 'time', { section: 'Referencia' }),
    f('Paciente', 'Paciente', 'text', { section: 'Datos del paciente' }),
    f('Edad', 'Edad', 'age', { section: 'Datos del paciente' }),
    { ...SEX('Genero', 'Género'), section: 'Datos del paciente' },
    f('Cedula', 'Cédula', 'text', { section: 'Datos del paciente' }),
    f('ValidacionSSN', '¿Tiene Seguro Social?', 'select', { options: YES_NO, section: 'Datos del paciente' }),
    f('SSN', 'Número de Seguro Social', 'text', { section: 'Datos del paciente' }),
    f('Direccion', 'Dirección', 'text', { section: 'Datos del paciente' }),
    f('Trabajo', 'Lugar de trabajo', 'text', { section: 'Datos del paciente' }),
    { ...COUNTRY, section: 'Datos del paciente' },
    { ...CELL, section: 'Datos del paciente' },
    f('Subjetivo', 'Subjetivo (motivo de referencia)', 'textarea', { section: 'Historia' }),
    f('Alergias', 'Alergias', 'textarea', { section: 'Historia' }),
    f('APP', 'Antecedentes personales patológicos (APP)', 'textarea', { section: 'Historia' }),
    f('AHF', 'Antecedentes heredofamiliares (AHF)', 'textarea', { section: 'Historia' }),
    f('AQX', 'Antecedentes quirúrgicos (AQX)', 'textarea', { section: 'Historia' }),
    f('Medicamentos', 'Medicamentos actuales', 'textarea', { section: 'Historia' }),
    f('Peso', 'Peso (kg)', 'text', { section: 'Signos vitales' }),
    f('Talla', 'Talla (m)', 'text', { section: 'Signos vitales' }),
    f('T2', 'Talla² (m²)', 'text', { section: 'Signos vitales' }),
    f('IMC', 'Índice de masa corporal (IMC)', 'text', { section: 'Signos vitales' }),
    f('TA', 'Tensión arterial (TA, mmHg)', 'text', { section: 'Signos vitales' }),
    f('FC', 'Frecuencia cardiaca (FC, lpm)', 'text', { section: 'Signos vitales' }),
    f('FR', 'Frecuencia respiratoria (FR, rpm)', 'text', { section: 'Signos vitales' }),
    f('TEMP', 'Temperatura (°C)', 'text', { section: 'Signos vitales' }),
    f('FCF', 'Frecuencia cardiaca fetal (FCF, lpm)', 'text', { section: 'Signos vitales' }),
    ...(
      [
        ['Cabeza', 'Cabeza'],
        ['Fontanelas', 'Fontanelas'],
        ['Ojos', 'Ojos'],
        ['ORL', 'Otorrinolaringología (ORL)'],
        ['Piel_Y_Linfatico', 'Piel y linfático'],
        ['Cardiopulmonar', 'Cardiopulmonar'],
        ['Abdomen', 'Abdomen'],
        ['O_Sexuales', 'Órganos sexuales'],
        ['Extremidades', 'Extremidades'],
        ['Urologico', 'Urológico'],
        ['Neurologico', 'Neurológico'],
      ] as const
    ).map(([name, label]) => f(name, label, 'select', { options: EXAM_FINDINGS, section: 'Examen físico' })),
    f('Hallazgos_Relevantes', 'Hallazgos relevantes', 'textarea', { section: 'Análisis y plan' }),
    f('Analisis', 'Análisis', 'textarea', { section: 'Análisis y plan' }),
    ...DIAGNOSIS('Análisis y plan'),
    f('Plan', 'Plan', 'textarea', { section: 'Análisis y plan' }),
    f('Medico', 'Médico que refiere', 'text', { section: 'Médico' }),
    f('Reg', 'Número de registro', 'text', { section: 'Médico' }),
  ],
  recetario: [
    PATIENT_EMAIL,
    f('patientName', 'Nombre del paciente'),
    f('CIP', 'Cédula (CIP)'),
    f('Edad', 'Edad', 'age'),
    SEX('Sexo', 'Sexo'),
    COUNTRY,
    CELL,
    f('Alergias', 'Alergias'),
    f('date', 'Fecha', 'date'),
    f('Medicamentos', 'Medicamentos (Rp.)', 'lines'),
    f('Indicaciones', 'Indicaciones generales', 'textarea'),
  ],
  'certificado-incapacidad': [
    PATIENT_EMAIL,
    f('patientName', 'Nombre del paciente'),
    f('ssn', 'Número de Seguro Social'),
    f('date', 'Fecha', 'date'),
    f('dias_incapacidad', 'Días de incapacidad', 'number'),
    f('hora_inicio', 'Hora de inicio', 'time', { section: 'Desde' }),
    f('dia_inicio', 'Día de inicio', 'select', { options: DAYS, section: 'Desde' }),
    f('mes_inicio', 'Mes de inicio', 'select', { options: MONTH_VALUES, optionLabels: MONTHS, section: 'Desde' }),
    f('ano_inicio', 'Año de inicio', 'number', { section: 'Desde' }),
    f('hora_final', 'Hora final', 'time', { section: 'Hasta' }),
    f('dia_final', 'Día final', 'select', { options: DAYS, section: 'Hasta' }),
    f('mes_final', 'Mes final', 'select', { options: MONTH_VALUES, optionLabels: MONTHS, section: 'Hasta' }),
    f('ano_final', 'Año final', 'number', { section: 'Hasta' }),
    f('doctorName', 'Nombre del médico'),
    f('regNumber', 'Número de registro'),
    ...DIAGNOSIS(),
  ],
};

/** The fields each form requires (also in docs/documents.md); the schemas above enforce them. */
export const REQUIRED_FIELDS: Record<DocumentType, readonly string[]> = {
  'certificado-salud': ['correoPaciente', 'patientName', 'date', 'doctorName', 'regNumber'],
  'solicitud-examenes': ['correoPaciente', 'patientName', 'Examenes'],
  'historia-clinica': DOCUMENT_FIELDS['historia-clinica']
    .map((x) => x.name)
    .filter((n) => !['RepreLegal', 'Diagnostico', 'CIE10'].includes(n)),
  'referencia-medica': DOCUMENT_FIELDS['referencia-medica']
    .map((x) => x.name)
    .filter(
      (n) =>
        ![
          'ReferidoA',
          'SSN',
          'Trabajo',
          'AHF',
          'AQX',
          'Medicamentos',
          'T2',
          'IMC',
          'FCF',
          'Fontanelas',
          'Diagnostico',
          'CIE10',
        ].includes(n),
    ),
  recetario: ['correoPaciente', 'patientName', 'date', 'Medicamentos'],
  'certificado-incapacidad': [
    'correoPaciente',
    'patientName',
    'date',
    'dias_incapacidad',
    'hora_inicio',
    'dia_inicio',
    'mes_inicio',
    'ano_inicio',
    'hora_final',
    'dia_final',
    'mes_final',
    'ano_final',
    'doctorName',
    'regNumber',
  ],
};

// --- calls ------------------------------------------------------------------------------------

/** A row of the table of generated files (docs/spec/staff.md: id, nombre_pdf, created_at). */
export const documentListItemSchema = lazySchema(() => z.object({
  id: z.string(),
  tipo: z.enum(DOCUMENT_TYPES),
  nombre_pdf: z.string(),
  created_at: z.string(),
  codigo: z.string(),
  /** False when the stored file is missing: the table shows 'No disponible'. */
  disponible: z.boolean(),
  /** The document's sequential number, e.g. CI-2026-000123 (null for documents issued before numbering). */
  numero: z.nullable(z.string()),
  /** Set once the document is annulled: when and why (docs/decisions/0041). */
  anulado: z.nullable(z.object({ fecha: z.string(), motivo: z.string() })),
  /** The number of the annulled document this one replaces. */
  reemplazaA: z.nullable(z.string()),
  /** The number of the document that replaced this annulled one. */
  reemplazadoPor: z.nullable(z.string()),
}));
export type DocumentListItem = z.infer<typeof documentListItemSchema>;

/** A row of the doctor's table: also the patient's e-mail (the form offers it again) and account (to replace it). */
export const doctorDocumentSchema = lazySchema(() => z.extend(documentListItemSchema, {
  correoPaciente: z.string(),
  pacienteId: z.nullable(z.string()),
  nombrePaciente: z.string(),
}));
export type DoctorDocument = z.infer<typeof doctorDocumentSchema>;
export const documentListSchema = lazySchema(() => z.array(doctorDocumentSchema));

/** A document in the patient's area: the table's fields plus its title and doctor. */
export const patientDocumentSchema = lazySchema(() => z.extend(documentListItemSchema, { titulo: z.string(), doctor: z.string() }));
export type PatientDocument = z.infer<typeof patientDocumentSchema>;
export const patientDocumentListSchema = lazySchema(() => z.array(patientDocumentSchema));

/**
 * The doctor's standing data for documents: the identity from the doctor's profile (read-only
 * here, edited at /Perfil_Admin_Doctor, docs/decisions/0041) and whether a signature is saved.
 */
export const doctorDocumentProfileSchema = lazySchema(() => z.omit(doctorProfileSchema, { id: true }));
export type DoctorDocumentProfile = z.infer<typeof doctorDocumentProfileSchema>;

/**
 * Text fields sent with the signature image (multipart `firma`, PNG): none any more. The
 * registration number and code moved to the doctor's profile; what a client still sends is ignored.
 */
export const doctorDocumentProfileInputSchema = lazySchema(() => z.object({}));
export type DoctorDocumentProfileInput = z.input<typeof doctorDocumentProfileInputSchema>;

// --- the patient a document is for (issue 18: documents bound to a patient account) ------------

/**
 * GET /api/doctor/documents/patients?q=: the doctor's own patients (a consultation or appointment
 * with them) whose name or cédula matches what is typed, for the form's search box.
 */
export const patientSearchQuerySchema = lazySchema(() => z.object({
  q: safeText().check(
    z.trim(),
    z.minLength(2, messages.patientSearchTooShort),
    z.maxLength(60, messages.patientSearchTooShort),
  ),
}));
export const patientSuggestionSchema = lazySchema(() => z.object({
  id: z.string(),
  nombre: z.string(),
  apellido: z.string(),
  cedula: z.string(),
}));
export type PatientSuggestion = z.infer<typeof patientSuggestionSchema>;
export const patientSuggestionListSchema = lazySchema(() => z.array(patientSuggestionSchema));

/**
 * GET /api/doctor/documents/patient: one of the doctor's own patients by account id (what the
 * form asks after a pick) or by exact e-mail; anybody else answers as an unknown person does.
 */
export const patientLookupQuerySchema = lazySchema(() => z
  .object({
    id: z.optional(z.uuid({ error: messages.patientNotYours })),
    correo: z.optional(emailField),
  })
  .check(
    z.refine((v) => (v.id === undefined) !== (v.correo === undefined), {
      message: messages.patientNotYours,
      path: ['id'],
    }),
  ));
/** What the clinic knows of the doctor's patient, to fill a form (genero as Hombre/Mujer or empty). */
export const patientLookupSchema = lazySchema(() => z.object({
  id: z.string(),
  correo: z.string(),
  nombre: z.string(),
  apellido: z.string(),
  cedula: z.string(),
  edad: z.string(),
  genero: z.string(),
  direccion: z.string(),
  country_code: z.string(),
  celular: z.string(),
  /**
   * The patient's latest consultation with this doctor (issue 22): its history and vital signs,
   * which 'Completar datos' offers to fill the form with; null when there is none.
   */
  consulta: z.nullable(
    z.object({
      fecha: z.string(),
      sintomas: z.string(),
      antecedentesPersonales: z.string(),
      antecedentesFamiliares: z.string(),
      antecedentesQuirurgicos: z.string(),
      alergias: z.string(),
      peso: z.string(),
      talla: z.string(),
      presionArterial: z.string(),
      frecuenciaCardiaca: z.string(),
      frecuenciaRespiratoria: z.string(),
    }),
  ),
}));
export type PatientLookup = z.infer<typeof patientLookupSchema>;

/**
 * Sent with a document's fields: the account it is for, one of the doctor's own patients. Left
 * out for a person without an account (a walk-in): the document is then bound to nobody.
 */
export const documentPatientSchema = lazySchema(() => z.object({
  pacienteId: z.optional(z.uuid({ error: messages.patientNotYours })),
  /** The annulled document this one replaces (same doctor, type and patient; docs/decisions/0041). */
  reemplazaId: z.optional(z.uuid({ error: messages.replaceOnlyAnnulled })),
}));
export type DocumentPatient = z.infer<typeof documentPatientSchema>;

/** A document bound to no account, in the administrators' list (/Documentos_Admin). */
export const unlinkedDocumentSchema = lazySchema(() => z.object({
  id: z.string(),
  tipo: z.enum(DOCUMENT_TYPES),
  titulo: z.string(),
  nombre_pdf: z.string(),
  codigo: z.string(),
  created_at: z.string(),
  doctor: z.string(),
  nombre_paciente: z.string(),
  cedula_paciente: z.string(),
  correoPaciente: z.string(),
}));
export type UnlinkedDocument = z.infer<typeof unlinkedDocumentSchema>;
/** GET /api/admin/documents/unlinked: a keyset page, oldest first (they wait), searchable by the patient's first name. */
export const unlinkedDocumentPageSchema = lazySchema(() => pageSchema(unlinkedDocumentSchema));

const cedulaField = lazySchema(() => requiredText(30).check(z.regex(/^[\p{L}\p{N}\s-]+$/u, messages.invalidCedula)));

/** GET /api/admin/documents/unlinked/:id/candidates?cedula=: the accounts holding the cédula the administrator checked. */
export const linkCandidatesQuerySchema = lazySchema(() => z.object({ cedula: cedulaField }));
export const linkCandidateSchema = lazySchema(() => z.object({
  id: z.string(),
  nombre: z.string(),
  apellido: z.string(),
  cedula: z.string(),
  correo: z.string(),
}));
export type LinkCandidate = z.infer<typeof linkCandidateSchema>;
export const linkCandidateListSchema = lazySchema(() => z.array(linkCandidateSchema));

/** POST /api/admin/documents/unlinked/:id/link: the account chosen and the cédula checked on the ID card. */
export const linkDocumentSchema = lazySchema(() => z.object({
  pacienteId: z.uuid({ error: messages.noPatientWithCedula }),
  cedula: cedulaField,
}));
export type LinkDocumentInput = z.infer<typeof linkDocumentSchema>;
export const linkDocumentResultSchema = lazySchema(() => z.object({
  success: z.literal(true),
  message: z.string(),
  paciente: z.string(),
}));

/** Panamanian cédulas are typed with varying case and spaces: compared upper-cased without them. */
export const normaliseCedula = (cedula: string) => cedula.toUpperCase().replace(/\s+/g, '');

// --- verification -----------------------------------------------------------------------------

/** Alphabet of verification codes: no 0/O, 1/I/L, so a code read aloud or typed is unambiguous. */
export const VERIFICATION_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const VERIFICATION_PAGE = '/verificar-documento';

/** Normalises a typed code (case, spaces, dashes) to XXXX-XXXX-XXXX, or null when it cannot be one. */
export const normaliseVerificationCode = (input: string) => {
  const raw = input.toUpperCase().replace(/[\s-]/g, '');
  if (raw.length !== 12 || [...raw].some((c) => !VERIFICATION_ALPHABET.includes(c))) return null;
  return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
};

export const verificationParamsSchema = lazySchema(() => z.object({
  codigo: safeText().check(z.maxLength(40, messages.documentNotIssued)),
}));

/**
 * What anybody may learn from a code: issued or not, what, by whom, when, its number, and whether
 * it was annulled (when, why, and the number of its replacement). No patient data.
 */
export const verificationResultSchema = lazySchema(() => z.object({
  emitido: z.literal(true),
  codigo: z.string(),
  tipo: z.enum(DOCUMENT_TYPES),
  titulo: z.string(),
  doctor: z.string(),
  fecha: z.string(),
  numero: z.nullable(z.string()),
  anulado: z.nullable(z.object({ fecha: z.string(), motivo: z.string() })),
  reemplazadoPor: z.nullable(z.string()),
  reemplazaA: z.nullable(z.string()),
}));
export type VerificationResult = z.infer<typeof verificationResultSchema>;

export const comparisonResultSchema = lazySchema(() => z.object({ coincide: z.boolean(), message: z.string() }));
export type ComparisonResult = z.infer<typeof comparisonResultSchema>;

// --- annulment (issue 22, docs/decisions/0041) -------------------------------------------------

/** POST …/anular: the reason is printed on the verification page, so it is plain text. */
export const annulDocumentSchema = lazySchema(() => z.object({
  motivo: safeText({ error: messages.annulReasonRequired }).check(
    z.trim(),
    z.minLength(3, messages.annulReasonRequired),
    z.maxLength(500, messages.fieldTooLong),
  ),
}));
export type AnnulDocumentInput = z.infer<typeof annulDocumentSchema>;
