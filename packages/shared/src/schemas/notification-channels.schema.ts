import { z } from 'zod/mini';
import { messages } from '../messages.js';
import { lazySchema } from './lazy-schema.js';

/**
 * The version of the WhatsApp consent text (`messages.whatsappConsentText`): change it whenever
 * that text changes, so a consent is always recorded with the words the patient accepted
 * (decision 0059). A patient who accepted an older version keeps it until they revoke.
 */
export const WHATSAPP_CONSENT_VERSION = '2026-11-27';

/** GET /api/patient/notification-channels: e-mail (always on) and the WhatsApp opt-in. */
export const notificationChannelsSchema = lazySchema(() => z.object({
  correo: z.string(),
  whatsapp: z.object({
    /** False when the clinic has no WhatsApp configured: nothing to opt in to. */
    disponible: z.boolean(),
    activo: z.boolean(),
    /** The profile's mobile as E.164 ('+50761234567'), or null when it is missing or not a valid number. */
    numero: z.nullable(z.string()),
    consentido_at: z.nullable(z.string()),
    version: z.nullable(z.string()),
  }),
}));
export type NotificationChannels = z.infer<typeof notificationChannelsSchema>;

/**
 * PUT /api/patient/notification-channels: turn WhatsApp on (with the consent text's version the
 * page showed, which must be the current one) or off (revocation, at any time).
 */
export const whatsappChoiceSchema = lazySchema(() => z
  .strictObject({
    whatsapp: z.boolean({ error: messages.missingFields }),
    consentimiento_version: z.optional(z.string().check(z.maxLength(40))),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (!v.whatsapp) return;
      if (!v.consentimiento_version) {
        ctx.addIssue({ code: 'custom', path: ['consentimiento_version'], message: messages.whatsappConsentRequired });
      } else if (v.consentimiento_version !== WHATSAPP_CONSENT_VERSION) {
        ctx.addIssue({ code: 'custom', path: ['consentimiento_version'], message: messages.whatsappConsentOutdated });
      }
    }),
  ));
export type WhatsappChoice = z.infer<typeof whatsappChoiceSchema>;

/** The answer to a saved choice: the message to show and the channels as they now are. */
export const whatsappChoiceResultSchema = lazySchema(() => z.object({ message: z.string(), canales: notificationChannelsSchema }));
export type WhatsappChoiceResult = z.infer<typeof whatsappChoiceResultSchema>;
