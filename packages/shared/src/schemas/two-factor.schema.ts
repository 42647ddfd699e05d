import { z } from 'zod/mini';
import { safeText } from './text.schema.js';
import { messages } from '../messages.js';
import { emailField, loginSchema, requiredChoice } from './auth.schema.js';
import { lazySchema } from './lazy-schema.js';

/**
 * Two-factor sign-in of administrators and doctors (issue 11): TOTP (RFC 6238: SHA-1, 6 digits,
 * 30 s) and one-time recovery codes.
 */

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** How long a sign-in waits for its code, and how many codes it may try. */
export const TWO_FACTOR_CHALLENGE_MS = 5 * 60_000;
export const TWO_FACTOR_MAX_ATTEMPTS = 5;
export const RECOVERY_CODE_COUNT = 10;
/** Recovery codes: 12 characters of this alphabet (60 bits), shown as xxxx-xxxx-xxxx. */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** What the person typed, without spaces and hyphens, in lower case. */
export const normaliseCode = (s: string) => s.replace(/[\s-]/g, '').toLowerCase();
export const isTotpCode = (s: string) => /^\d{6}$/.test(s);
export const isRecoveryCode = (s: string) => s.length === 12 && [...s].every((c) => RECOVERY_CODE_ALPHABET.includes(c));

/** The code of a sign-in: the authenticator's 6 digits or a recovery code. */
export const twoFactorLoginSchema = lazySchema(() => z.strictObject({
  codigo: z
    .pipe(safeText({ error: messages.twoFactorCodeFormat }).check(z.maxLength(40, messages.twoFactorCodeFormat)), z.transform(normaliseCode))
    .check(z.refine((c) => isTotpCode(c) || isRecoveryCode(c), messages.twoFactorCodeFormat)),
}));
export type TwoFactorLoginInput = z.input<typeof twoFactorLoginSchema>;

/**
 * A staff sign-in (administrator, doctor, 'all accounts'): e-mail and password, and optionally
 * the second factor's code in the same request. That is the owner's way in while strangers'
 * wrong passwords keep the account locked for unknown browsers (issue 18): only the password
 * and a valid code together open it, so the lock never says whether a password was right.
 */
export const staffLoginSchema = lazySchema(() => z.extend(loginSchema, { codigo: z.optional(twoFactorLoginSchema.shape.codigo) }));
export type StaffLoginCredentials = z.infer<typeof staffLoginSchema>;
export type StaffLoginCredentialsInput = z.input<typeof staffLoginSchema>;

/** A current code of the authenticator (confirming enrolment, regenerating codes, disabling). */
export const totpCodeSchema = lazySchema(() => z.strictObject({
  codigo: z
    .pipe(safeText({ error: messages.twoFactorCodeFormat }).check(z.maxLength(20, messages.twoFactorCodeFormat)), z.transform(normaliseCode))
    .check(z.refine(isTotpCode, messages.twoFactorCodeFormat)),
}));
export type TotpCodeInput = z.input<typeof totpCodeSchema>;

/**
 * The answer of a staff sign-in. 200: signed in (`inscripcion_requerida` when the account must
 * enrol before reaching staff data). 202: the password was right and the code is required
 * (`codigo_requerido`, and `rol`, the account the code is for).
 */
export const staffLoginResultSchema = lazySchema(() => z.object({
  success: z.boolean(),
  message: z.string(),
  codigo_requerido: z.optional(z.boolean()),
  rol: z.optional(z.enum(['admin', 'doctor'])),
  inscripcion_requerida: z.optional(z.boolean()),
}));
export type StaffLoginResult = z.infer<typeof staffLoginResultSchema>;

/** The signed-in staff account's two-factor state. */
export const twoFactorStatusSchema = lazySchema(() => z.object({
  activo: z.boolean(),
  obligatorio: z.boolean(),
  codigos_restantes: z.number().check(z.int()),
  /** This session is held to the enrolment: required, and opened without a second factor (no TOTP, no passkey). */
  restringida: z.boolean(),
}));
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** Enrolment started: the QR code (a PNG data URL) of the otpauth:// URI, and the secret for manual entry. */
export const twoFactorSetupSchema = lazySchema(() => z.object({
  success: z.literal(true),
  secreto: z.string(),
  uri: z.string(),
  qr: z.string(),
}));
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** Recovery codes, shown once. */
export const twoFactorRecoveryCodesSchema = lazySchema(() => z.object({
  success: z.literal(true),
  message: z.string(),
  codigos_recuperacion: z.array(z.string()),
}));
export type TwoFactorRecoveryCodes = z.infer<typeof twoFactorRecoveryCodesSchema>;

/**
 * An administrator resets another staff member's second factor (decision 0021): the account by
 * its e-mail and kind; `codigo`, a current code of the administrator's own authenticator, when
 * the administrator has one.
 */
export const staffTwoFactorResetSchema = lazySchema(() => z.strictObject({
  correo: emailField,
  rol: requiredChoice(['admin', 'doctor'] as const),
  codigo: z.optional(
    z
      .pipe(safeText({ error: messages.twoFactorCodeFormat }).check(z.maxLength(20, messages.twoFactorCodeFormat)), z.transform(normaliseCode))
      .check(z.refine((c) => c === '' || isTotpCode(c), messages.twoFactorCodeFormat)),
  ),
}));
export type StaffTwoFactorResetInput = z.input<typeof staffTwoFactorResetSchema>;
export type StaffTwoFactorReset = z.output<typeof staffTwoFactorResetSchema>;
