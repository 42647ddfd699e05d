import { z } from 'zod';

/** Public clinic settings the pages show (configuration, not code). */
export const siteConfigSchema = z.object({
  clinicName: z.string(),
  videoUrls: z.array(z.string()),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;
