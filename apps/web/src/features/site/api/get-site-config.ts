// GET /api/site/config lives in lib/site-config.ts: the frame and other features read it too (decision 0060).
export { getSiteConfig, getSiteConfigQueryOptions, useSiteConfig } from '../../../lib/site-config.js';
