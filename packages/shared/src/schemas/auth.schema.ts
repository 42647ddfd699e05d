import { z } from 'zod/mini';
import { safeText } from './text.schema.js';
import { COUNTRY_CODES, COUNTRY_NAMES, GENDERS, PHONE_DIGITS, SERVICES, type CountryCode } from '../constants.js';
import { messages } from '../messages.js';
import { lazySchema } from './lazy-schema.js';

/** A required text field: trimmed, not empty, bounded; `multiline` for a textarea. */
export const requiredText = (max = 200, multiline = false) =>
  safeText({ error: messages.missingFields, multiline }).check(
    z.trim(),
    z.minLength(1, messages.missingFields),
    z.maxLength(max, messages.fieldTooLong),
  );

// A standard e-mail pattern (the WHATWG one browsers use for type="email").
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export const emailField = lazySchema(() => z.pipe(
  safeText({ error: messages.missingFields }).check(
    z.trim(),
    z.minLength(1, messages.missingFields),
    z.maxLength(254, messages.invalidEmail),
    z.regex(EMAIL_PATTERN, messages.invalidEmail),
  ),
  z.transform((s: string) => s.toLowerCase()),
));

/** A new password: the rule of registration, used again by password recovery. */
export const newPassword = lazySchema(() => safeText({ error: messages.missingFields }).check(
  z.minLength(1, messages.missingFields),
  z.minLength(8, messages.passwordTooShort),
  z.maxLength(128, messages.fieldTooLong),
));

/**
 * A required choice: empty or absent is the mandatory-fields message (the form says every field
 * is required), a value outside the list is 'Seleccione una opción válida.'.
 */
export const requiredChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.pipe(
    safeText({ error: messages.missingFields }).check(z.trim(), z.minLength(1, messages.missingFields)),
    z.enum(values, { error: messages.invalidChoice }),
  );

/**
 * Age in whole years, typed as digits. z.coerce.number would read '' and '  ' as 0 and accept
 * '1e2' or '0x10', so the text is checked first; a number (a JSON client) is accepted as is.
 */
// zod/mini has no z.preprocess: classic's is this same pipe (a transform first, then the schema).
const ageField = lazySchema(() => z.pipe(
  z.transform((v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v)),
  z.pipe(
    z.pipe(
      safeText({ error: messages.missingFields }).check(
        z.trim(),
        z.minLength(1, messages.missingFields),
        z.regex(/^\d{1,3}$/, messages.invalidAge),
      ),
      z.transform(Number),
    ),
    z.number().check(z.int(), z.lte(120, messages.invalidAge)),
  ),
));

/** Digits left after stripping non-digits (docs/spec/staff.md, section 5). */
export const nationalDigits = (celular: string) => celular.replace(/\D/g, '');

/** True when the national number has exactly the length its country code sets. */
export const phoneMatchesCountry = (countryCode: string, celular: string) => {
  const expected = PHONE_DIGITS[countryCode as CountryCode];
  return expected !== undefined && nationalDigits(celular).length === expected;
};

/**
 * The profile fields a patient gives at registration, each with its rule. Registration uses them,
 * and so does a Ley 81 correction request (docs/decisions/0028): a corrected value passes exactly
 * the rule the first value passed.
 */
export const patientProfileFields = lazySchema(() => ({
  nombre: requiredText(100),
  apellido: requiredText(100),
  cedula: requiredText(30).check(z.regex(/^[\p{L}\p{N}-]+$/u, messages.invalidCedula)),
  nacionalidad: requiredChoice(COUNTRY_NAMES),
  genero: requiredChoice(GENDERS),
  edad: ageField,
  direccion: requiredText(300),
  country_code: requiredChoice(COUNTRY_CODES),
  celular: requiredText(30).check(z.regex(/^[\d\s()-]+$/, messages.invalidPhone)),
}));

/** Refinement: the national number has the length its country code sets (values may be missing or of a wrong type). */
export const phoneFitsCountry = (v: unknown, ctx: z.core.$RefinementCtx) => {
  const { country_code, celular } = v as Partial<Record<string, unknown>>;
  if (
    typeof celular === 'string' &&
    celular.trim() !== '' &&
    typeof country_code === 'string' &&
    country_code in PHONE_DIGITS &&
    !phoneMatchesCountry(country_code, celular)
  ) {
    ctx.addIssue({ code: 'custom', path: ['celular'], message: messages.invalidPhone });
  }
};
const whenObject = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };

/** A patient's whole profile as registration checks it (a correction is checked merged with the current profile). */
export const patientProfileSchema = lazySchema(() => z.strictObject(patientProfileFields).check(z.superRefine(phoneFitsCountry, whenObject)));
export type PatientProfileInput = z.input<typeof patientProfileSchema>;
export type PatientProfileValues = z.infer<typeof patientProfileSchema>;

/** Registration form of a patient (docs/spec/patient-and-public.md, sections 3 and 5). */
export const patientRegistrationSchema = lazySchema(() => z
  // Strict: a field the form does not have is a client error, not something to ignore quietly.
  .strictObject({
    nombre: patientProfileFields.nombre,
    apellido: patientProfileFields.apellido,
    cedula: patientProfileFields.cedula,
    correo: emailField,
    password: newPassword,
    password_confirm: safeText({ error: messages.missingFields }).check(z.minLength(1, messages.missingFields)),
    nacionalidad: patientProfileFields.nacionalidad,
    genero: patientProfileFields.genero,
    edad: patientProfileFields.edad,
    direccion: patientProfileFields.direccion,
    country_code: patientProfileFields.country_code,
    celular: patientProfileFields.celular,
    acuerdo: z.pipe(
      z.transform((v: unknown) => v === true || v === 'true' || v === 'on' || v === '1'),
      z.literal(true, { error: messages.termsRequired }),
    ),
  })
  .check(
    z.superRefine((v, ctx) => {
      // Runs even when other fields failed (see `when`), so values may be missing or of a wrong type.
      const { password, password_confirm } = v as Partial<Record<string, unknown>>;
      if (typeof password === 'string' && typeof password_confirm === 'string' && password !== password_confirm) {
        ctx.addIssue({ code: 'custom', path: ['password_confirm'], message: messages.passwordsDoNotMatch });
      }
      phoneFitsCountry(v, ctx);
    }, whenObject),
    // `whenObject`: report a wrong phone length or a password mismatch together with the other fields'
    // errors, not only once everything else is right (zod skips refinements after failed fields by default).
  ));
export type PatientRegistration = z.infer<typeof patientRegistrationSchema>;
export type PatientRegistrationInput = z.input<typeof patientRegistrationSchema>;

/** Login of any kind of account: e-mail and password are required. */
export const loginSchema = lazySchema(() => z.strictObject({
  email: z.pipe(
    safeText({ error: messages.missingFields }).check(
      z.trim(),
      z.minLength(1, messages.missingFields),
      z.maxLength(254, messages.invalidCredentials),
    ),
    z.transform((s: string) => s.toLowerCase()),
  ),
  password: safeText({ error: messages.missingFields }).check(
    z.minLength(1, messages.missingFields),
    z.maxLength(128, messages.invalidCredentials),
  ),
}));
export type LoginInput = z.infer<typeof loginSchema>;

const staffFields = lazySchema(() => ({
  clave_seguridad: requiredText(200),
  nombre: requiredText(100),
  apellido: requiredText(100),
  correo: emailField,
  password: newPassword,
  password_confirm: safeText({ error: messages.missingFields }).check(z.minLength(1, messages.missingFields)),
}));
/** Refinement: the two password fields must be equal. */
export const passwordsMatch = (v: { password: string; password_confirm: string }, ctx: z.core.$RefinementCtx) => {
  if (v.password !== v.password_confirm) {
    ctx.addIssue({ code: 'custom', path: ['password_confirm'], message: messages.passwordsDoNotMatch });
  }
};

/** Administrator registration (docs/spec/staff.md: security key, names, e-mail, password twice). */
export const adminRegistrationSchema = lazySchema(() => z.strictObject(staffFields).check(z.superRefine(passwordsMatch)));
export type AdminRegistration = z.infer<typeof adminRegistrationSchema>;

/** Doctor registration: the administrator's fields plus the doctor's service. */
export const doctorRegistrationSchema = lazySchema(() => z
  .strictObject({ ...staffFields, servicio: requiredChoice(SERVICES) })
  .check(z.superRefine(passwordsMatch)));
export type DoctorRegistration = z.infer<typeof doctorRegistrationSchema>;

/** Answer of login, logout and registration calls: `success` and a Spanish `message`. */
export const resultSchema = lazySchema(() => z.object({
  success: z.boolean(),
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.string())),
}));
export type Result = z.infer<typeof resultSchema>;

/** Staff registration answers `mensaje`, as the specification's calls read it. */
export const staffRegistrationResultSchema = lazySchema(() => z.object({
  success: z.boolean(),
  mensaje: z.string(),
  errors: z.optional(z.record(z.string(), z.string())),
}));

/** Patient session check, polled every 5 s by the header. */
export const patientSessionSchema = lazySchema(() => z.object({
  loggedIn: z.boolean(),
  user_name: z.nullable(z.string()),
}));
export type PatientSession = z.infer<typeof patientSessionSchema>;

/** Administrator and doctor session checks carry the specification's field names. */
export const staffSessionSchema = lazySchema(() => z.object({
  loggedInAdmin: z.boolean(),
  user_name_admin: z.nullable(z.string()),
  authenticated: z.boolean(),
  /**
   * Present (true) when the account must enrol in two-step verification before it reaches any
   * staff page (STAFF_2FA_REQUIRED): the page gates then send it to /Seguridad_Admin or /Seguridad_Doctor.
   */
  inscripcion_requerida: z.optional(z.literal(true)),
}));
export type StaffSession = z.infer<typeof staffSessionSchema>;

/** Query of the session checks: `activo=1` when the person moved, typed or scrolled since the last poll. */
export const sessionPollQuerySchema = lazySchema(() => z.object({
  activo: z.optional(z.enum(['0', '1'])),
}));
