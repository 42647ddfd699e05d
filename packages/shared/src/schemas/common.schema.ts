import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema.js';

/** Error answer of every refused request: a Spanish message, and per-field messages for forms. */
export const errorSchema = lazySchema(() => z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.string())),
}));
export type ApiError = z.infer<typeof errorSchema>;
