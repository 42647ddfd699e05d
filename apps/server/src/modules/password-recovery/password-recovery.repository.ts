import { and, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Role } from '@clinica/shared';
import type { Db } from '../../db/client.js';
import { passwordResetTokens, patients, staff } from '../../db/schema.js';

export type ResetTokenRow = typeof passwordResetTokens.$inferSelect;

const accountOf = (t: Pick<ResetTokenRow, 'role' | 'patient_id' | 'staff_id'>) => ({
  role: t.role,
  accountId: (t.role === 'patient' ? t.patient_id : t.staff_id)!,
});

const ownedBy = (role: Role, accountId: string) =>
  role === 'patient'
    ? and(eq(passwordResetTokens.role, 'patient'), eq(passwordResetTokens.patient_id, accountId))
    : and(eq(passwordResetTokens.role, role), eq(passwordResetTokens.staff_id, accountId));

/** SQL of password-reset links. */
export function passwordRecoveryRepository(db: Db) {
  return {
    /**
     * The account of that kind with that e-mail, if any. For patients only the verified owner of
     * the address: an unverified registration may be someone else's (decision 0023).
     */
    async findAccount(role: Role, correo: string) {
      if (role === 'patient') {
        const [row] = await db
          .select({ id: patients.id, correo: patients.correo, nombre: patients.nombre })
          .from(patients)
          .where(and(eq(patients.correo, correo), isNotNull(patients.email_verified_at)));
        return row;
      }
      const [row] = await db
        .select({ id: staff.id, correo: staff.correo, nombre: staff.nombre })
        .from(staff)
        .where(and(eq(staff.role, role), eq(staff.correo, correo)));
      return row;
    },

    /** True when the address has unverified patient registrations only. */
    async hasUnverifiedPatient(correo: string) {
      const [row] = await db.select({ id: patients.id }).from(patients).where(eq(patients.correo, correo)).limit(1);
      return row !== undefined;
    },

    /** Name and address of a link's account: the strength rule does not let a password lean on them. */
    async ownerOf(t: Pick<ResetTokenRow, 'role' | 'patient_id' | 'staff_id'>) {
      const { role, accountId } = accountOf(t);
      const [row] =
        role === 'patient'
          ? await db
              .select({ nombre: patients.nombre, apellido: patients.apellido, correo: patients.correo })
              .from(patients)
              .where(eq(patients.id, accountId))
          : await db
              .select({ nombre: staff.nombre, apellido: staff.apellido, correo: staff.correo })
              .from(staff)
              .where(eq(staff.id, accountId));
      return row ?? {};
    },

    async insertToken(t: { tokenHash: string; role: Role; accountId: string; createdAt: Date; expiresAt: Date }) {
      await db.insert(passwordResetTokens).values({
        token_hash: t.tokenHash,
        role: t.role,
        patient_id: t.role === 'patient' ? t.accountId : null,
        staff_id: t.role === 'patient' ? null : t.accountId,
        created_at: t.createdAt,
        expires_at: t.expiresAt,
      });
    },

    async findToken(tokenHash: string) {
      const [row] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.token_hash, tokenHash));
      return row;
    },

    /**
     * In one transaction: uses the link (only if unused and unexpired: of two simultaneous
     * resets exactly one gets here), sets the new password and retires the account's other links.
     * Returns the account, or null when the link could not be used.
     */
    async consumeAndSetPassword(tokenHash: string, now: Date, passwordHash: string) {
      return db.transaction(async (tx) => {
        const [token] = await tx
          .update(passwordResetTokens)
          .set({ used_at: now })
          .where(
            and(
              eq(passwordResetTokens.token_hash, tokenHash),
              isNull(passwordResetTokens.used_at),
              gt(passwordResetTokens.expires_at, now),
            ),
          )
          .returning();
        if (!token) return null;
        const account = accountOf(token);
        if (account.role === 'patient') {
          await tx.update(patients).set({ password_hash: passwordHash }).where(eq(patients.id, account.accountId));
        } else {
          await tx
            .update(staff)
            .set({ password_hash: passwordHash })
            .where(and(eq(staff.id, account.accountId), eq(staff.role, account.role)));
        }
        await tx
          .update(passwordResetTokens)
          .set({ used_at: now })
          .where(and(ownedBy(account.role, account.accountId), isNull(passwordResetTokens.used_at)));
        return account;
      });
    },

    /** Deletes links that expired before `before`. */
    async purgeExpired(before: Date) {
      await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expires_at, before));
    },
  };
}
export type PasswordRecoveryRepository = ReturnType<typeof passwordRecoveryRepository>;
