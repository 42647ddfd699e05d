import { z } from 'zod/mini';
import { SERVICES } from '../constants.js';
import { messages } from '../messages.js';
import { requiredChoice } from './auth.schema.js';
import { isoDateField, waitlistOfferToken } from './appointments.schema.js';
import { safeText } from './text.schema.js';
import { lazySchema } from './lazy-schema.js';

/** The waitlist (issue 24, item 5, docs/decisions/0050): joining, the patient's entries, an offer, staff's counts. */

const doctorIdField = lazySchema(() => safeText({ error: messages.missingFields }).check(
  z.trim(),
  z.minLength(1, messages.missingFields),
  z.uuid(messages.invalidChoice),
));


/** POST /api/appointments/waitlist: the day of the doctor and service the patient waits for. */
export const waitlistJoinSchema = lazySchema(() => z.strictObject({
  servicio: requiredChoice(SERVICES),
  id_doctor: doctorIdField,
  fecha: isoDateField,
}));
export type WaitlistJoin = z.infer<typeof waitlistJoinSchema>;

export const waitlistIdParamsSchema = lazySchema(() => z.object({ id: z.string().check(z.uuid(messages.waitlistNotFound)) }));
export const waitlistOfferParamsSchema = lazySchema(() => z.object({ token: waitlistOfferToken }));

/** An open offer of a freed hour, as its patient sees it. */
const openOffer = lazySchema(() => z.object({ token: z.string(), hora: z.string(), expira_at: z.string() }));

/** One of the patient's active entries (/Citas_usuario), with the offers still open on it. */
export const waitlistEntrySchema = lazySchema(() => z.object({
  id: z.string(),
  doctor: z.string(),
  servicio: z.enum(SERVICES),
  fecha: z.string(),
  created_at: z.string(),
  ofertas: z.array(openOffer),
}));
export const waitlistEntriesSchema = lazySchema(() => z.array(waitlistEntrySchema));
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

/**
 * The offer its link opens on /citas: the hour, and whether it can still be booked with it.
 * abierta: bookable now; tomada: another patient booked the hour; vencida or usada: closed.
 */
export const WAITLIST_OFFER_STATES = ['abierta', 'tomada', 'vencida', 'usada'] as const;
export const waitlistOfferSchema = lazySchema(() => z.object({
  token: z.string(),
  id_doctor: z.string(),
  doctor: z.string(),
  servicio: z.enum(SERVICES),
  fecha: z.string(),
  hora: z.string(),
  expira_at: z.string(),
  estado: z.enum(WAITLIST_OFFER_STATES),
  /** Why it cannot be booked, in words; null while open. */
  message: z.nullable(z.string()),
}));
export type WaitlistOffer = z.infer<typeof waitlistOfferSchema>;

/** Staff's view: how many patients wait, per doctor and day (today and later). */
export const waitlistCountsSchema = lazySchema(() => z.array(z.object({ id_doctor: z.string(), doctor: z.string(), fecha: z.string(), cantidad: z.number().check(z.int()) })));
export type WaitlistCounts = z.infer<typeof waitlistCountsSchema>;

export const waitlistJoinedSchema = lazySchema(() => z.object({ success: z.literal(true), message: z.string(), id: z.string() }));
