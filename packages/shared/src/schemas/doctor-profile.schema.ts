import { z } from 'zod/mini';
import { messages } from '../messages.js';
import { requiredText } from './auth.schema.js';
import { safeText } from './text.schema.js';
import { lazySchema } from './lazy-schema.js';

/**
 * The doctor's identity as every medical document prints it (issue 22, docs/decisions/0041):
 * kept on the doctor's account, edited by the doctor at /Perfil_Admin_Doctor or by an administrator.
 * The browser never decides who signs a document: the server reads this profile.
 */
export const DOCTOR_SEXES = ['Hombre', 'Mujer'] as const;
export type DoctorSex = (typeof DOCTOR_SEXES)[number];

export const doctorProfileInputSchema = lazySchema(() => z.object({
  nombreCompleto: requiredText(150),
  sexo: z.pipe(
    safeText({ error: messages.invalidChoice }).check(
      z.trim(),
      z.refine((v: string) => v !== '', messages.missingFields),
      z.refine((v: string) => (DOCTOR_SEXES as readonly string[]).includes(v), messages.invalidChoice),
    ),
    z.transform((v: string) => v as DoctorSex),
  ),
  especialidad: requiredText(100),
  regNumber: requiredText(50),
  doctorCode: z.pipe(
    z.optional(safeText({ error: messages.invalidRequest }).check(z.trim(), z.maxLength(50, messages.fieldTooLong))),
    z.transform((v: string | undefined) => v ?? ''),
  ),
}));
export type DoctorProfileInput = z.input<typeof doctorProfileInputSchema>;
export type DoctorProfileData = z.output<typeof doctorProfileInputSchema>;

/** The profile as the pages show it; `completo` says whether documents may be issued with it. */
export const doctorProfileSchema = lazySchema(() => z.object({
  id: z.string(),
  nombre: z.string(),
  apellido: z.string(),
  nombreCompleto: z.string(),
  sexo: z.string(),
  especialidad: z.string(),
  regNumber: z.string(),
  doctorCode: z.string(),
  completo: z.boolean(),
  hasSignature: z.boolean(),
}));
export type DoctorProfile = z.infer<typeof doctorProfileSchema>;

/** 'Dr.' or 'Dra.', by the doctor's sex. */
export const doctorTitle = (sexo: string) => (sexo === 'Mujer' ? 'Dra.' : 'Dr.');
/** 'el médico' or 'la médica', by the doctor's sex. */
export const doctorNoun = (sexo: string) => (sexo === 'Mujer' ? 'la médica' : 'el médico');
/** The name as signed: 'Dra. Ana Castillo Ibáñez'. */
export const doctorSignedName = (p: { sexo: string; nombreCompleto: string }) =>
  `${doctorTitle(p.sexo)} ${p.nombreCompleto}`;

/** Every field of the profile is there (the code is optional). */
export const isDoctorProfileComplete = (p: {
  nombreCompleto: string;
  sexo: string;
  especialidad: string;
  regNumber: string;
}) =>
  p.nombreCompleto.trim() !== '' &&
  (DOCTOR_SEXES as readonly string[]).includes(p.sexo) &&
  p.especialidad.trim() !== '' &&
  p.regNumber.trim() !== '';
