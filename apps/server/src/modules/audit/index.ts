// The public face of this module: other modules import only what is listed here (lint-enforced).
export { auditRepository, type AuditRepository } from './audit.repository.js';
export { default as auditTrailPlugin } from './audit-trail.plugin.js';
export { default as auditLogPlugin } from './audit.plugin.js';
