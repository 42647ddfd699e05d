import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema.js';

/** Public clinic settings the pages show (configuration, not code). */
export const siteConfigSchema = lazySchema(() => z.object({
  clinicName: z.string(),
  videoUrls: z.array(z.string()),
  /** The music player's embedded playlist (issue 9, floating widgets). */
  playlistUrl: z.string(),
  /** The social bar's two pages. */
  social: z.object({ facebook: z.string(), instagram: z.string() }),
  /** The clinic's contact (issue 23, decision 0044): configuration, shown in the footer, home page and FAQ. */
  contact: z.object({
    address: z.string(),
    phone: z.string(),
    whatsapp: z.string(),
    email: z.string(),
    /** An OpenStreetMap address. */
    mapUrl: z.string(),
    /** A Spanish text when configured; null: the clinic hours the appointments use. */
    openingHours: z.nullable(z.string()),
  }),
}));
export type SiteConfig = z.infer<typeof siteConfigSchema>;
