import { z } from 'zod/mini';
import { messages } from '../messages.js';
import { lazySchema } from './lazy-schema.js';

/** A verification link is valid this long (issue 18: 24 hours). */
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60_000;

/** The page the mailed link opens; the token travels in the fragment (`#token=`). */
export const EMAIL_VERIFICATION_PATH = '/verificar-correo';

/** Opening the link: its token, 32 random bytes in base64url (43 characters). */
export const emailVerificationSchema = lazySchema(() => z.strictObject({
  token: z
    .string({ error: messages.emailVerificationLinkInvalid })
    .check(z.trim(), z.regex(/^[A-Za-z0-9_-]{43}$/, messages.emailVerificationLinkInvalid)),
}));
export type EmailVerificationInput = z.infer<typeof emailVerificationSchema>;

/** GET /api/auth/email/status: whether the signed-in patient's address is verified (the banner). */
export const emailVerificationStatusSchema = lazySchema(() => z.object({
  verificado: z.boolean(),
  correo: z.string(),
}));
export type EmailVerificationStatus = z.infer<typeof emailVerificationStatusSchema>;
