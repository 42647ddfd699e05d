import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema.js';

/**
 * A video call in a consultation's record (issue 25, decision 0053): start, end (null while under
 * way), whole minutes (null while under way). The staff's consultation details carry them as
 * `videollamadas`, written with the catalogue's `videoRecordLine` ('Videollamada: 14:02–14:31 (29 min)').
 * Its own file: the consultations' schemas and the video schemas both use it.
 */
export const consultationCallSchema = lazySchema(() => z.object({
  inicio: z.string(),
  fin: z.nullable(z.string()),
  minutos: z.nullable(z.number().check(z.int(), z.gte(0))),
}));
export type ConsultationCall = z.infer<typeof consultationCallSchema>;

/** The calls of a consultation's record, oldest first; absent in answers older than issue 25 (then none). */
export const consultationCallsField = lazySchema(() => z._default(z.array(consultationCallSchema), []));
