import { bigint, bigserial, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * One row per backup attempt (issue 26, decision 0056): the daily schedule's, the command's. The
 * administrators' page and the metrics' backup age read the last ones; `error` is the Spanish
 * reason a failed run gives (never a key or a patient's data).
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    started_at: timestamp('started_at', { withTimezone: true }).notNull(),
    finished_at: timestamp('finished_at', { withTimezone: true }).notNull(),
    /** 'programada' (the server's daily schedule) or 'manual' (npm run backup). */
    origen: text('origen').notNull(),
    /** 'ok' or 'error'. */
    resultado: text('resultado').notNull(),
    /** The archive's file name in BACKUP_DIR (no directory), when one was written. */
    archivo: text('archivo'),
    size_bytes: bigint('size_bytes', { mode: 'number' }),
    error: text('error'),
  },
  (t) => [
    check('backup_runs_resultado_check', sql`${t.resultado} in ('ok', 'error')`),
    check('backup_runs_origen_check', sql`${t.origen} in ('programada', 'manual')`),
    index('backup_runs_started_idx').on(t.started_at),
  ],
);
