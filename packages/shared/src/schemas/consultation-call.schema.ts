import { z } from 'zod';

/**
 * A video call in a consultation's record (issue 25, decision 0053): start, end (null while under
 * way), whole minutes (null while under way). The staff's consultation details carry them as
 * `videollamadas`, written with the catalogue's `videoRecordLine` ('Videollamada: 14:02–14:31 (29 min)').
 * Its own file: the consultations' schemas and the video schemas both use it.
 */
export const consultationCallSchema = z.object({
  inicio: z.string(),
  fin: z.string().nullable(),
  minutos: z.number().int().min(0).nullable(),
});
export type ConsultationCall = z.infer<typeof consultationCallSchema>;

/** The calls of a consultation's record, oldest first; absent in answers older than issue 25 (then none). */
export const consultationCallsField = z.array(consultationCallSchema).default([]);
