import { and, asc, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { passkeyChallenges, passkeySessions, staff, staffPasskeys } from '../../db/schema.js';

/** SQL of staff passkeys: the keys, the ceremonies in progress and the sessions they opened. */
export function passkeysRepository(db: Db) {
  return {
    async list(staffId: string) {
      return db
        .select()
        .from(staffPasskeys)
        .where(eq(staffPasskeys.staff_id, staffId))
        .orderBy(asc(staffPasskeys.created_at));
    },

    async countFor(staffId: string) {
      const [row] = await db.select({ n: count() }).from(staffPasskeys).where(eq(staffPasskeys.staff_id, staffId));
      return row?.n ?? 0;
    },

    /** Stores a new key; false when that credential is already registered (to any account). */
    async insert(row: typeof staffPasskeys.$inferInsert) {
      const rows = await db
        .insert(staffPasskeys)
        .values(row)
        .onConflictDoNothing({ target: staffPasskeys.credential_id })
        .returning({ id: staffPasskeys.id });
      return rows[0]?.id;
    },

    /** A key by its credential id, with the account it belongs to (the sign-in). */
    async findByCredential(credentialId: string) {
      const [row] = await db
        .select({
          passkey: staffPasskeys,
          staff: { id: staff.id, role: staff.role, correo: staff.correo, estado: staff.estado },
        })
        .from(staffPasskeys)
        .innerJoin(staff, eq(staff.id, staffPasskeys.staff_id))
        .where(eq(staffPasskeys.credential_id, credentialId));
      return row;
    },

    /**
     * Records a sign-in's counter; false when another request moved it first (two requests with
     * one assertion: only one signs in).
     */
    async useCounter(id: string, expected: number, next: number, at: Date) {
      const rows = await db
        .update(staffPasskeys)
        .set({ counter: next, last_used_at: at })
        .where(and(eq(staffPasskeys.id, id), eq(staffPasskeys.counter, expected)))
        .returning({ id: staffPasskeys.id });
      return rows.length > 0;
    },

    /** Deletes one key of the account; the ids of the sessions it opened, or undefined when not its key. */
    async remove(staffId: string, id: string) {
      return db.transaction(async (tx) => {
        const opened = await tx
          .select({ idHash: passkeySessions.session_id_hash })
          .from(passkeySessions)
          .where(eq(passkeySessions.passkey_id, id));
        const rows = await tx
          .delete(staffPasskeys)
          .where(and(eq(staffPasskeys.id, id), eq(staffPasskeys.staff_id, staffId)))
          .returning({ id: staffPasskeys.id, nombre: staffPasskeys.nombre });
        if (rows.length === 0) return undefined;
        return { nombre: rows[0]!.nombre, sessions: opened.map((s) => s.idHash) };
      });
    },

    async insertChallenge(row: typeof passkeyChallenges.$inferInsert) {
      await db.insert(passkeyChallenges).values(row);
    },

    /** Takes a ceremony's challenge: deleted as it is read, so it serves once. */
    async takeChallenge(idHash: string, purpose: 'register' | 'login', role: 'admin' | 'doctor', now: Date) {
      const [row] = await db
        .delete(passkeyChallenges)
        .where(
          and(
            eq(passkeyChallenges.id_hash, idHash),
            eq(passkeyChallenges.purpose, purpose),
            eq(passkeyChallenges.role, role),
          ),
        )
        .returning();
      return row && row.expires_at.getTime() > now.getTime() ? row : undefined;
    },

    async deleteExpiredChallenges(now: Date) {
      await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expires_at, now));
    },

    /** Still-live challenges (tests). */
    async liveChallenges(now: Date) {
      const [row] = await db.select({ n: count() }).from(passkeyChallenges).where(gt(passkeyChallenges.expires_at, now));
      return row?.n ?? 0;
    },

    async markSession(sessionIdHash: string, passkeyId: string) {
      await db.insert(passkeySessions).values({ session_id_hash: sessionIdHash, passkey_id: passkeyId });
    },

    async isPasskeySession(sessionIdHash: string) {
      const [row] = await db
        .select({ one: sql`1` })
        .from(passkeySessions)
        .where(eq(passkeySessions.session_id_hash, sessionIdHash));
      return row !== undefined;
    },

    /** Every key of an account (an administrator's reset of its second factor, decision 0021). */
    async removeAll(staffId: string) {
      await db.delete(staffPasskeys).where(eq(staffPasskeys.staff_id, staffId));
    },
  };
}
export type PasskeysRepository = ReturnType<typeof passkeysRepository>;
