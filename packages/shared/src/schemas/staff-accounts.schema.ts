import { z } from 'zod/mini';
import { safeText } from './text.schema.js';
import { SERVICES } from '../constants.js';
import { messages } from '../messages.js';
import { emailField, newPassword, passwordsMatch, requiredChoice, requiredText } from './auth.schema.js';
import { lazySchema } from './lazy-schema.js';

/**
 * Staff accounts approved and revocable (issue 18, docs/decisions/0025): the administrators'
 * page /Personal_Admin, invitations by e-mail and the invitee's page /Invitacion_Personal.
 */

/** 'pendiente' (registered with the key, waiting for an administrator), 'activo', 'desactivado'. */
export const STAFF_STATES = ['pendiente', 'activo', 'desactivado'] as const;
export type StaffState = (typeof STAFF_STATES)[number];
export const STAFF_ROLES = ['admin', 'doctor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The page an invitation link opens (the token follows in the fragment). */
export const STAFF_INVITATION_PATH = '/Invitacion_Personal';

/** How long an invitation link can be used. */
export const STAFF_INVITATION_HOURS = 72;

/** One staff account as the administrators' page lists it (staff screens keep the e-mail). */
export const staffAccountSchema = lazySchema(() => z.object({
  id: z.string(),
  role: z.enum(STAFF_ROLES),
  nombre: z.string(),
  apellido: z.string(),
  correo: z.string(),
  servicio: z.nullable(z.enum(SERVICES)),
  estado: z.enum(STAFF_STATES),
  created_at: z.string(),
}));
export type StaffAccount = z.infer<typeof staffAccountSchema>;
export const staffAccountListSchema = lazySchema(() => z.array(staffAccountSchema));

/** The account a staff action names (route parameter). */
export const staffAccountParamsSchema = lazySchema(() => z.object({ id: z.string().check(z.uuid(messages.notFound)) }));

/** The four actions on a staff account, each with the state it needs. */
export const STAFF_ACTIONS = ['approve', 'reject', 'deactivate', 'reactivate'] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

/** An administrator invites a person: e-mail, kind of account and, for a doctor, the service. */
export const staffInvitationSchema = lazySchema(() => z.pipe(
  z.strictObject({
    correo: emailField,
    rol: requiredChoice(STAFF_ROLES),
    servicio: z.optional(safeText()),
  }),
  z.transform((v, ctx) => {
    if (v.rol === 'admin') return { correo: v.correo, rol: v.rol, servicio: null };
    const servicio = requiredChoice(SERVICES).safeParse(v.servicio ?? '');
    if (!servicio.success) {
      // mini's transform gets the parse payload itself (no addIssue helper): the same issue classic's ctx.addIssue pushed.
      ctx.issues.push({ code: 'custom', path: ['servicio'], message: servicio.error.issues[0]?.message ?? messages.invalidChoice, input: v });
      return z.NEVER;
    }
    return { correo: v.correo, rol: v.rol, servicio: servicio.data };
  }),
));
export type StaffInvitationInput = z.input<typeof staffInvitationSchema>;
export type StaffInvitation = z.output<typeof staffInvitationSchema>;

/** The invitation link's token (base64url, 43 characters). */
const invitationToken = lazySchema(() => z
  .string({ error: messages.invitationInvalid })
  .check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, messages.invitationInvalid)));

/** The invitee's page asks what the link is for before showing the form. */
export const staffInvitationLookupSchema = lazySchema(() => z.strictObject({ token: invitationToken }));
export const staffInvitationInfoSchema = lazySchema(() => z.object({
  rol: z.enum(STAFF_ROLES),
  correo: z.string(),
  servicio: z.nullable(z.enum(SERVICES)),
}));
export type StaffInvitationInfo = z.infer<typeof staffInvitationInfoSchema>;

/** The invitee sets name and password (the same password rule as every registration). */
export const staffInvitationAcceptSchema = lazySchema(() => z
  .strictObject({
    token: invitationToken,
    nombre: requiredText(100),
    apellido: requiredText(100),
    password: newPassword,
    password_confirm: safeText({ error: messages.missingFields }).check(z.minLength(1, messages.missingFields)),
  })
  .check(z.superRefine(passwordsMatch)));
export type StaffInvitationAcceptInput = z.input<typeof staffInvitationAcceptSchema>;
export type StaffInvitationAccept = z.output<typeof staffInvitationAcceptSchema>;

/** The create-admin command's input (the first administrator of an empty clinic; no key). */
export const createAdminSchema = lazySchema(() => z.strictObject({
  nombre: requiredText(100),
  apellido: requiredText(100),
  correo: emailField,
  password: newPassword,
}));
export type CreateAdminInput = z.input<typeof createAdminSchema>;
