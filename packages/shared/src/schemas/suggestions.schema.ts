import { z } from 'zod/mini';
import { safeMultilineText } from './text.schema.js';
import { messages } from '../messages.js';
import { lazySchema } from './lazy-schema.js';

/** Suggestions (docs/spec/patient-and-public.md "Suggestions page"; docs/spec/staff.md, entity "Suggestion"). */

export const SUGGESTION_MAX = 2000;

/** guardar_sugerencia.php: the patient sends only `sugerencia`; blank after trimming is refused. */
export const suggestionSchema = lazySchema(() => z.strictObject({
  sugerencia: safeMultilineText({ error: messages.missingFields }).check(
    z.trim(),
    z.minLength(1, messages.missingFields),
    z.maxLength(SUGGESTION_MAX, messages.fieldTooLong),
  ),
}));
export type SuggestionInput = z.infer<typeof suggestionSchema>;

/** A row of /Sugerencias_Admin: sugerencia, nombre, apellido, correo, fecha_registro. */
export const adminSuggestionRowSchema = lazySchema(() => z.object({
  id: z.string(),
  sugerencia: z.string(),
  nombre: z.string(),
  apellido: z.string(),
  correo: z.string(),
  fecha_registro: z.string(),
}));
export type AdminSuggestionRow = z.infer<typeof adminSuggestionRowSchema>;
