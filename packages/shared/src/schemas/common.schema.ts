import { z } from 'zod';

/** Error answer of every refused request: a Spanish message, and per-field messages for forms. */
export const errorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof errorSchema>;
