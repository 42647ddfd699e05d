import { z } from 'zod';

/** Public clinic settings the pages show (configuration, not code). */
export const siteConfigSchema = z.object({
  clinicName: z.string(),
  videoUrls: z.array(z.string()),
  /** The music player's embedded playlist (issue 9, floating widgets). */
  playlistUrl: z.string(),
  /** The social bar's two pages. */
  social: z.object({ facebook: z.string(), instagram: z.string() }),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;
