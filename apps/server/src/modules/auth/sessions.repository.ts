import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Role } from '@clinica/shared';
import type { Db } from '../../db/client.js';
import { patients, sessions, staff } from '../../db/schema.js';

export interface SessionRow {
  role: Role;
  accountId: string;
  nombre: string;
  apellido: string;
  correo: string;
  servicio: string | null;
  createdAt: Date;
  lastActivityAt: Date;
}

/** SQL of the sessions table. */
export function sessionsRepository(db: Db) {
  return {
    async insert(row: { idHash: string; role: Role; accountId: string; now: Date; ip: string; userAgent: string | null }) {
      await db.insert(sessions).values({
        id_hash: row.idHash,
        role: row.role,
        patient_id: row.role === 'patient' ? row.accountId : null,
        staff_id: row.role === 'patient' ? null : row.accountId,
        created_at: row.now,
        last_activity_at: row.now,
        ip: row.ip,
        user_agent: row.userAgent,
      });
    },

    async find(idHash: string, role: Role): Promise<SessionRow | undefined> {
      if (role === 'patient') {
        const [r] = await db
          .select({
            accountId: patients.id,
            nombre: patients.nombre,
            apellido: patients.apellido,
            correo: patients.correo,
            createdAt: sessions.created_at,
            lastActivityAt: sessions.last_activity_at,
          })
          .from(sessions)
          .innerJoin(patients, eq(patients.id, sessions.patient_id))
          .where(and(eq(sessions.id_hash, idHash), eq(sessions.role, 'patient')));
        return r && { ...r, role, servicio: null };
      }
      const [r] = await db
        .select({
          accountId: staff.id,
          nombre: staff.nombre,
          apellido: staff.apellido,
          correo: staff.correo,
          servicio: staff.servicio,
          createdAt: sessions.created_at,
          lastActivityAt: sessions.last_activity_at,
        })
        .from(sessions)
        .innerJoin(staff, eq(staff.id, sessions.staff_id))
        .where(and(eq(sessions.id_hash, idHash), eq(sessions.role, role), eq(staff.estado, 'activo')));
      // Only an active account's session counts: a deactivation also deletes the rows, this is the
      // second lock should a row outlive it.
      return r && { ...r, role };
    },

    async touch(idHash: string, at: Date) {
      await db.update(sessions).set({ last_activity_at: at }).where(eq(sessions.id_hash, idHash));
    },

    async delete(idHash: string) {
      await db.delete(sessions).where(eq(sessions.id_hash, idHash));
    },

    /** Deletes every session of the given accounts and returns the deleted hashes. */
    async deleteForAccounts(accounts: { role: Role; accountId: string }[]) {
      if (accounts.length === 0) return [];
      const conditions = accounts.map((a) =>
        a.role === 'patient'
          ? and(eq(sessions.role, 'patient'), eq(sessions.patient_id, a.accountId))
          : and(eq(sessions.role, a.role), eq(sessions.staff_id, a.accountId)),
      );
      const rows = await db
        .delete(sessions)
        .where(or(...conditions))
        .returning({ idHash: sessions.id_hash });
      return rows.map((r) => r.idHash);
    },

    /** Removes sessions idle or older than the limits; returns how many. */
    async deleteExpired(idleBefore: Date, createdBefore: Date) {
      const rows = await db
        .delete(sessions)
        .where(or(lt(sessions.last_activity_at, idleBefore), lt(sessions.created_at, createdBefore)))
        .returning({ one: sql`1` });
      return rows.length;
    },
  };
}
