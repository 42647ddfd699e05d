import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema.js';

/**
 * A patient's no-shows for staff (issue 24 item 4, decision 0049): how many appointments were
 * marked no-show, the policy's threshold (APPOINTMENT_NO_SHOW_PREPAY_AFTER; 0 = no policy) and
 * whether it applies now (the patient books only with an immediate payment). Said in words by
 * `noShowWords` (appointment-state.ts).
 */
export const noShowStatusSchema = lazySchema(() => z.object({
  inasistencias: z.number().check(z.int(), z.gte(0)),
  limite: z.number().check(z.int(), z.gte(0)),
  solo_pago_inmediato: z.boolean(),
}));
export type NoShowStatus = z.infer<typeof noShowStatusSchema>;
