import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { backupRuns } from '../../db/schema.js';

/** Raw SQL answers: node-postgres gives {rows}, PGlite's drizzle the same shape; typed here once. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type BackupRunRow = typeof backupRuns.$inferSelect;

/** SQL of the backups module: the runs' record, and what a manifest says about the database. */
export function backupsRepository(db: Db) {
  return {
    async record(run: typeof backupRuns.$inferInsert) {
      await db.insert(backupRuns).values(run);
    },
    recent(limit: number): Promise<BackupRunRow[]> {
      return db.select().from(backupRuns).orderBy(desc(backupRuns.started_at), desc(backupRuns.id)).limit(limit);
    },
    async lastSuccess(): Promise<Date | null> {
      const [row] = await db
        .select({ at: backupRuns.finished_at })
        .from(backupRuns)
        .where(eq(backupRuns.resultado, 'ok'))
        .orderBy(desc(backupRuns.finished_at))
        .limit(1);
      return row?.at ?? null;
    },
    /** Whether a scheduled run already started at or after `since` (one daily run per slot). */
    async scheduledSince(since: Date) {
      const rows = rowsOf<{ n: number }>(await db.execute(
        sql`select count(*)::int as n from backup_runs where origen = 'programada' and started_at >= ${since.toISOString()}`,
      ));
      return (rows[0]?.n ?? 0) > 0;
    },
    /** Row counts of the tables a person would check after a restore. */
    async counts(): Promise<Record<string, number>> {
      const rows = rowsOf<Record<string, number>>(await db.execute(sql`select
        (select count(*)::int from patients) as patients,
        (select count(*)::int from staff) as staff,
        (select count(*)::int from consultations) as consultations,
        (select count(*)::int from appointments) as appointments,
        (select count(*)::int from payments) as payments,
        (select count(*)::int from documents) as documents,
        (select count(*)::int from chat_messages) as chat_messages,
        (select count(*)::int from files) as files`));
      return { ...rows[0] };
    },
    async migrations(): Promise<{ count: number; lastCreatedAt: number | null }> {
      const rows = rowsOf<{ count: number; last: string | null }>(await db.execute(
        sql`select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations`,
      ));
      const row = rows[0];
      return { count: row?.count ?? 0, lastCreatedAt: row?.last ? Number(row.last) : null };
    },
    async serverVersion(): Promise<string> {
      const rows = rowsOf<{ v: string }>(await db.execute(sql`select current_setting('server_version') as v`));
      return rows[0]?.v ?? 'unknown';
    },
  };
}

export type BackupsRepository = ReturnType<typeof backupsRepository>;
