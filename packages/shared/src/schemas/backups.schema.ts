import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema.js';

/** How old the last successful backup may be before the administrators' page raises its alert. */
export const BACKUP_ALERT_AFTER_MS = 24 * 60 * 60 * 1000;

/** One backup attempt (table backup_runs): when, how big, how it ended. */
export const backupRunSchema = lazySchema(() => z.object({
  inicio: z.string(),
  fin: z.string(),
  origen: z.enum(['programada', 'manual']),
  resultado: z.enum(['ok', 'error']),
  tamano_bytes: z.nullable(z.number().check(z.int())),
  error: z.nullable(z.string()),
}));
export type BackupRun = z.infer<typeof backupRunSchema>;

/** GET /api/admin/backups: the last runs, the last success and whether it is too old. */
export const backupStatusSchema = lazySchema(() => z.object({
  ultima: z.nullable(backupRunSchema),
  ultima_correcta: z.nullable(z.string()),
  /** True when no backup succeeded in the last 24 hours (none at all included). */
  alerta: z.boolean(),
  /** The daily backup's hour in Panama time, or null when the schedule is off. */
  hora_programada: z.nullable(z.number().check(z.int(), z.gte(0), z.lte(23))),
  conservar: z.number().check(z.int()),
  clave_configurada: z.boolean(),
  recientes: z.array(backupRunSchema),
}));
export type BackupStatus = z.infer<typeof backupStatusSchema>;
