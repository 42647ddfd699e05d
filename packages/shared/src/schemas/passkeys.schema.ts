import { z } from 'zod/mini';
import { safeText } from './text.schema.js';
import { messages } from '../messages.js';
import { lazySchema } from './lazy-schema.js';

/**
 * Passkeys (WebAuthn) of administrators and doctors (issue 18, item 4; decision 0026). The
 * ceremonies' options and responses are WebAuthn's own JSON (PublicKeyCredential*OptionsJSON,
 * RegistrationResponseJSON, AuthenticationResponseJSON); the server checks their content with
 * @simplewebauthn/server, so these schemas only bound their shape and size.
 */

/** How long a ceremony's challenge lives (the browser's own timeout is 60 s). */
export const PASSKEY_CHALLENGE_MS = 5 * 60_000;
/** Passkeys one account may hold. */
export const PASSKEY_MAX_PER_ACCOUNT = 10;
export const PASSKEY_NAME_MAX = 60;

const b64url = lazySchema(() => z.string().check(z.maxLength(4096), z.regex(/^[A-Za-z0-9_-]*$/)));
const b64urlLong = lazySchema(() => z.string().check(z.maxLength(65_536), z.regex(/^[A-Za-z0-9_-]*$/)));

/** The name the person gives a passkey ("Teléfono", "Llave USB del consultorio"). */
export const passkeyNameField = lazySchema(() => safeText({ error: messages.passkeyNameInvalid }).check(
  z.trim(),
  z.minLength(1, messages.passkeyNameInvalid),
  z.maxLength(PASSKEY_NAME_MAX, messages.passkeyNameInvalid),
));

/** The registration form before the ceremony: the name is checked before the authenticator is asked. */
export const passkeyNameSchema = lazySchema(() => z.strictObject({ nombre: passkeyNameField }));
export type PasskeyNameInput = z.input<typeof passkeyNameSchema>;

/** navigator.credentials.create()'s answer, as @simplewebauthn/browser serialises it. */
const registrationResponseSchema = lazySchema(() => z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64urlLong,
    attestationObject: b64urlLong,
    transports: z.optional(z.array(safeText().check(z.maxLength(20))).check(z.maxLength(10))),
    publicKeyAlgorithm: z.optional(z.number()),
    publicKey: z.optional(b64urlLong),
    authenticatorData: z.optional(b64urlLong),
  }),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
  clientExtensionResults: z.record(z.string(), z.unknown()),
}));

/** navigator.credentials.get()'s answer. */
const authenticationResponseSchema = lazySchema(() => z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64urlLong,
    authenticatorData: b64urlLong,
    signature: b64urlLong,
    userHandle: z.optional(b64url),
  }),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
  clientExtensionResults: z.record(z.string(), z.unknown()),
}));

/** POST /api/<rol>/passkeys: the named passkey and the authenticator's attestation. */
export const passkeyRegistrationSchema = lazySchema(() => z.strictObject({
  nombre: passkeyNameField,
  respuesta: registrationResponseSchema,
}));
export type PasskeyRegistrationInput = z.input<typeof passkeyRegistrationSchema>;

/** POST /api/<rol>/login/passkey: the authenticator's assertion. */
export const passkeyLoginSchema = lazySchema(() => z.strictObject({ respuesta: authenticationResponseSchema }));
export type PasskeyLoginInput = z.input<typeof passkeyLoginSchema>;

/** DELETE /api/<rol>/passkeys/:id */
export const passkeyIdParamsSchema = lazySchema(() => z.object({ id: z.string().check(z.uuid(messages.passkeyNotFound)) }));

/** One passkey of the signed-in account, as its security page lists it. */
export const passkeySchema = lazySchema(() => z.object({
  id: z.string(),
  nombre: z.string(),
  creada: z.string(),
  ultimo_uso: z.nullable(z.string()),
  /** Synchronised by its provider (iCloud Keychain, Google Password Manager…) to other devices. */
  sincronizada: z.boolean(),
}));
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = lazySchema(() => z.object({ llaves: z.array(passkeySchema) }));
export type PasskeyList = z.infer<typeof passkeyListSchema>;

/** The options of a ceremony (WebAuthn JSON, passed as they are to @simplewebauthn/browser). */
export const passkeyOptionsSchema = lazySchema(() => z.object({ opciones: z.record(z.string(), z.unknown()) }));
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;
