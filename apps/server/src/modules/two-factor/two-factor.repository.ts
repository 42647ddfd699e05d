import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { staff, staffLoginChallenges, staffPasskeys, staffRecoveryCodes, staffTwoFactor } from '../../db/schema.js';

/** SQL of two-factor sign-in: secrets, recovery codes and sign-ins waiting for their code. */
export function twoFactorRepository(db: Db) {
  return {
    async find(staffId: string) {
      const [row] = await db.select().from(staffTwoFactor).where(eq(staffTwoFactor.staff_id, staffId));
      return row;
    },

    async isEnabled(staffId: string) {
      const [row] = await db
        .select({ one: sql`1` })
        .from(staffTwoFactor)
        .where(and(eq(staffTwoFactor.staff_id, staffId), isNotNull(staffTwoFactor.confirmed_at)));
      return row !== undefined;
    },

    /** Starts (or restarts) an enrolment that is not yet confirmed; a confirmed one is left alone. */
    async upsertPending(staffId: string, secretEncrypted: string, at: Date) {
      const rows = await db
        .insert(staffTwoFactor)
        .values({ staff_id: staffId, secret_encrypted: secretEncrypted, created_at: at })
        .onConflictDoUpdate({
          target: staffTwoFactor.staff_id,
          set: { secret_encrypted: secretEncrypted, created_at: at, last_used_step: null },
          setWhere: isNull(staffTwoFactor.confirmed_at),
        })
        .returning({ staff_id: staffTwoFactor.staff_id });
      return rows.length > 0;
    },

    /**
     * Records the 30-second step of an accepted code; false when a code of this step or a later
     * one was already accepted (a replay), so two requests with one code cannot both pass.
     */
    async useStep(staffId: string, step: number) {
      const rows = await db
        .update(staffTwoFactor)
        .set({ last_used_step: step })
        .where(
          and(
            eq(staffTwoFactor.staff_id, staffId),
            or(isNull(staffTwoFactor.last_used_step), lt(staffTwoFactor.last_used_step, step)),
          ),
        )
        .returning({ staff_id: staffTwoFactor.staff_id });
      return rows.length > 0;
    },

    async confirm(staffId: string, at: Date) {
      await db.update(staffTwoFactor).set({ confirmed_at: at }).where(eq(staffTwoFactor.staff_id, staffId));
    },

    /** A staff account by e-mail and kind (the reset by an administrator). */
    async findStaff(correo: string, role: 'admin' | 'doctor') {
      const [row] = await db
        .select({ id: staff.id, correo: staff.correo, nombre: staff.nombre, apellido: staff.apellido })
        .from(staff)
        .where(and(eq(staff.correo, correo), eq(staff.role, role)));
      return row;
    },

    /** Whether the account has a passkey (decision 0026), a second factor an administrator may reset. */
    async hasPasskeys(staffId: string) {
      const [row] = await db.select({ one: sql`1` }).from(staffPasskeys).where(eq(staffPasskeys.staff_id, staffId)).limit(1);
      return row !== undefined;
    },

    /**
     * Everything of an account's second factor: secret, recovery codes, passkeys (decision 0026)
     * and sign-ins waiting for a code.
     */
    async removeAll(staffId: string) {
      await db.transaction(async (tx) => {
        await tx.delete(staffPasskeys).where(eq(staffPasskeys.staff_id, staffId));
        await tx.delete(staffLoginChallenges).where(eq(staffLoginChallenges.staff_id, staffId));
        await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staff_id, staffId));
        await tx.delete(staffTwoFactor).where(eq(staffTwoFactor.staff_id, staffId));
      });
    },

    async remove(staffId: string) {
      await db.transaction(async (tx) => {
        await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staff_id, staffId));
        await tx.delete(staffTwoFactor).where(eq(staffTwoFactor.staff_id, staffId));
      });
    },

    /** Replaces every recovery code of the account. */
    async replaceRecoveryCodes(staffId: string, hashes: string[], at: Date) {
      await db.transaction(async (tx) => {
        await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staff_id, staffId));
        await tx
          .insert(staffRecoveryCodes)
          .values(hashes.map((h) => ({ staff_id: staffId, code_hash: h, created_at: at })));
      });
    },

    /** Marks an unused recovery code used; false when it is unknown or was used already. */
    async useRecoveryCode(staffId: string, hash: string, at: Date) {
      const rows = await db
        .update(staffRecoveryCodes)
        .set({ used_at: at })
        .where(
          and(
            eq(staffRecoveryCodes.staff_id, staffId),
            eq(staffRecoveryCodes.code_hash, hash),
            isNull(staffRecoveryCodes.used_at),
          ),
        )
        .returning({ id: staffRecoveryCodes.id });
      return rows.length > 0;
    },

    async recoveryCodesLeft(staffId: string) {
      const [row] = await db
        .select({ n: count() })
        .from(staffRecoveryCodes)
        .where(and(eq(staffRecoveryCodes.staff_id, staffId), isNull(staffRecoveryCodes.used_at)));
      return row?.n ?? 0;
    },

    /** A new sign-in waiting for its code; earlier ones of the same account end (one per login). */
    async insertChallenge(row: typeof staffLoginChallenges.$inferInsert) {
      await db.transaction(async (tx) => {
        await tx.delete(staffLoginChallenges).where(eq(staffLoginChallenges.staff_id, row.staff_id));
        await tx.insert(staffLoginChallenges).values(row);
      });
    },

    async findChallenge(idHash: string, role: 'admin' | 'doctor') {
      const [row] = await db
        .select({
          id_hash: staffLoginChallenges.id_hash,
          role: staffLoginChallenges.role,
          staff_id: staffLoginChallenges.staff_id,
          expires_at: staffLoginChallenges.expires_at,
          attempts: staffLoginChallenges.attempts,
          correo: staff.correo,
        })
        .from(staffLoginChallenges)
        .innerJoin(staff, eq(staff.id, staffLoginChallenges.staff_id))
        .where(and(eq(staffLoginChallenges.id_hash, idHash), eq(staffLoginChallenges.role, role)));
      return row;
    },

    /** Counts a wrong code; returns the attempts so far. */
    async countAttempt(idHash: string) {
      const [row] = await db
        .update(staffLoginChallenges)
        .set({ attempts: sql`${staffLoginChallenges.attempts} + 1` })
        .where(eq(staffLoginChallenges.id_hash, idHash))
        .returning({ attempts: staffLoginChallenges.attempts });
      return row?.attempts ?? Number.POSITIVE_INFINITY;
    },

    /** Ends a challenge; true only for the one request that deleted it. */
    async deleteChallenge(idHash: string) {
      const rows = await db
        .delete(staffLoginChallenges)
        .where(eq(staffLoginChallenges.id_hash, idHash))
        .returning({ id: staffLoginChallenges.id_hash });
      return rows.length > 0;
    },

    async deleteExpiredChallenges(now: Date) {
      await db.delete(staffLoginChallenges).where(lt(staffLoginChallenges.expires_at, now));
    },

    /** Still-live challenges (test support and the sweep). */
    async liveChallenges(now: Date) {
      const [row] = await db
        .select({ n: count() })
        .from(staffLoginChallenges)
        .where(gt(staffLoginChallenges.expires_at, now));
      return row?.n ?? 0;
    },
  };
}
export type TwoFactorRepository = ReturnType<typeof twoFactorRepository>;
