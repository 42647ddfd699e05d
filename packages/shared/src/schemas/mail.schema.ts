import { z } from 'zod/mini';
import { safeText } from './text.schema.js';
import { ROLES } from '../roles.js';
import { messages } from '../messages.js';
import { emailField, newPassword, passwordsMatch } from './auth.schema.js';
import { lazySchema } from './lazy-schema.js';

/** A password-reset link is valid this long (issue 13: 30 minutes). */
export const PASSWORD_RESET_TTL_MS = 30 * 60_000;

/** Pages of password recovery; `cuenta` says which kind of account (patient by default). */
export const PASSWORD_RECOVERY_PATHS = {
  request: '/recuperar-contrasena',
  reset: '/restablecer-contrasena',
} as const;

/** Where each kind of account signs in again after a reset. */
export const LOGIN_PATH_OF_ROLE = { patient: '/Login', admin: '/Login_Admin', doctor: '/Login_Admin_Doctor' } as const;

export const roleField = lazySchema(() => z.enum(ROLES, { error: messages.invalidChoice }));

/** 'Forgot password': the e-mail of the account and which kind of account it is. */
export const passwordResetRequestSchema = lazySchema(() => z.strictObject({
  email: emailField,
  role: z._default(roleField, 'patient'),
}));
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestSchema>;

// The link's token: 32 random bytes in base64url (43 characters). Anything else is not a token.
const tokenField = lazySchema(() => safeText({ error: messages.resetLinkInvalid }).check(
  z.trim(),
  z.regex(/^[A-Za-z0-9_-]{43}$/, messages.resetLinkInvalid),
));

/** Checks a link before the reset form is shown (a used or expired link is refused at once). */
export const passwordResetCheckSchema = lazySchema(() => z.strictObject({ token: tokenField }));

/** The new password, validated like registration, typed twice. */
export const passwordResetSchema = lazySchema(() => z
  .strictObject({
    token: tokenField,
    password: newPassword,
    password_confirm: safeText({ error: messages.missingFields }).check(z.minLength(1, messages.missingFields)),
  })
  .check(z.superRefine(passwordsMatch)));
export type PasswordReset = z.infer<typeof passwordResetSchema>;
export type PasswordResetInput = z.input<typeof passwordResetSchema>;

/** Answer of a valid link check and of a successful reset: which login the person goes to. */
export const passwordResetResultSchema = lazySchema(() => z.object({
  success: z.literal(true),
  message: z.string(),
  role: roleField,
}));
export type PasswordResetResult = z.infer<typeof passwordResetResultSchema>;

/** The channels a notice can go by (decision 0059). */
export const NOTICE_CHANNELS = ['email', 'whatsapp'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** One e-mail of the queue, as administrators see it on /Correos_Admin (no body, no link). */
export const outboxItemSchema = lazySchema(() => z.object({
  id: safeText().check(z.uuid()),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().check(z.int()),
  created_at: z.string(),
  sent_at: z.nullable(z.string()),
  last_error: z.nullable(z.string()),
  /** True when the message was written to the outbox folder and can be opened. */
  in_outbox: z.boolean(),
  /** The channel the notice went (or goes next) by: 'whatsapp' for a patient who opted in, else 'email' (decision 0059). */
  channel: z.enum(NOTICE_CHANNELS),
  /** Every delivery attempt, oldest first: channel, time, result and the error (WhatsApp's fall-back to e-mail shows here). */
  delivery: z.array(
    z.object({
      channel: z.enum(NOTICE_CHANNELS),
      at: z.string(),
      result: z.enum(['sent', 'failed', 'skipped']),
      error: z.nullable(z.string()),
    }),
  ),
}));
export type OutboxItem = z.infer<typeof outboxItemSchema>;

/** GET /api/admin/outbox. `mode` says whether the server sends through SMTP or writes the outbox folder. */
export const outboxListSchema = lazySchema(() => z.object({
  mode: z.enum(['smtp', 'outbox']),
  items: z.array(outboxItemSchema),
}));
export type OutboxList = z.infer<typeof outboxListSchema>;

/** GET /api/admin/outbox/:id: the plain-text part of a message of the outbox folder. */
export const outboxMessageSchema = lazySchema(() => z.object({
  id: safeText().check(z.uuid()),
  to: z.string(),
  subject: z.string(),
  date: z.nullable(z.string()),
  text: z.string(),
  attachments: z.array(z.object({ filename: z.string(), mimeType: z.string(), size: z.number().check(z.int()) })),
}));
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxParamsSchema = lazySchema(() => z.object({ id: safeText().check(z.uuid()) }));
