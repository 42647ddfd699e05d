import { TransactionRollbackError, and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Service, StaffRole, StaffState } from '@clinica/shared';
import type { Db } from '../../db/client.js';
import { auditLog, staff, staffInvitations, staffLoginChallenges } from '../../db/schema.js';

export type InvitationRow = typeof staffInvitations.$inferSelect;

/** SQL of staff accounts' approval and deactivation, and of invitations. */
export function staffAccountsRepository(db: Db) {
  return {
    /** Every staff account, pending first (what waits for someone), then by kind and name. */
    async list() {
      return db
        .select({
          id: staff.id,
          role: staff.role,
          nombre: staff.nombre,
          apellido: staff.apellido,
          correo: staff.correo,
          servicio: staff.servicio,
          estado: staff.estado,
          created_at: staff.created_at,
        })
        .from(staff)
        .orderBy(
          sql`CASE ${staff.estado} WHEN 'pendiente' THEN 0 WHEN 'activo' THEN 1 ELSE 2 END`,
          asc(staff.role),
          asc(staff.apellido),
          asc(staff.nombre),
        );
    },

    async find(id: string) {
      const [row] = await db
        .select({ id: staff.id, role: staff.role, correo: staff.correo, nombre: staff.nombre, apellido: staff.apellido, estado: staff.estado })
        .from(staff)
        .where(eq(staff.id, id));
      return row;
    },

    /**
     * Moves an account from one state to another, only if it is still in `from` (two
     * administrators acting at once: one wins, the other is told the account changed).
     * Deactivating an administrator locks the active administrators' rows first, so that two
     * administrators deactivating each other at once cannot leave the clinic with none.
     */
    async transition(id: string, from: StaffState, to: StaffState, by: string, at: Date, opts: { keepOneAdmin?: boolean } = {}) {
      return db.transaction(async (tx) => {
        if (opts.keepOneAdmin) {
          const admins = await tx
            .select({ id: staff.id })
            .from(staff)
            .where(and(eq(staff.role, 'admin'), eq(staff.estado, 'activo')))
            .for('update');
          if (admins.length <= 1 && admins.some((a) => a.id === id)) return 'last_admin' as const;
        }
        const [row] = await tx
          .update(staff)
          .set({ estado: to, estado_at: at, estado_por: by })
          .where(and(eq(staff.id, id), eq(staff.estado, from)))
          .returning({ id: staff.id, role: staff.role });
        if (!row) return 'changed' as const;
        // A sign-in waiting for its second factor must not finish after a deactivation.
        if (to !== 'activo') await tx.delete(staffLoginChallenges).where(eq(staffLoginChallenges.staff_id, id));
        return row;
      });
    },

    /** Deletes a pending account (a rejected registration); false if it is no longer pending. */
    async deletePending(id: string) {
      const rows = await db
        .delete(staff)
        .where(and(eq(staff.id, id), eq(staff.estado, 'pendiente')))
        .returning({ id: staff.id });
      return rows.length > 0;
    },

    async accountExists(role: StaffRole, correo: string) {
      const [row] = await db.select({ id: staff.id }).from(staff).where(and(eq(staff.role, role), eq(staff.correo, correo)));
      return row !== undefined;
    },

    async insertInvitation(row: typeof staffInvitations.$inferInsert) {
      await db.insert(staffInvitations).values(row);
    },

    async findInvitation(tokenHash: string) {
      const [row] = await db.select().from(staffInvitations).where(eq(staffInvitations.token_hash, tokenHash));
      return row;
    },

    /**
     * Uses an invitation once: marks it used and creates the active account in one transaction.
     * 'used' when another request took it first, 'taken' when that account already exists.
     */
    async acceptInvitation(
      invitationId: string,
      account: { role: StaffRole; correo: string; servicio: Service | null; nombre: string; apellido: string; password_hash: string; by: string },
      at: Date,
    ) {
      return db
        .transaction(async (tx) => {
        const [claimed] = await tx
          .update(staffInvitations)
          .set({ used_at: at })
          .where(and(eq(staffInvitations.id, invitationId), isNull(staffInvitations.used_at)))
          .returning({ id: staffInvitations.id });
        if (!claimed) return 'used' as const;
        const [created] = await tx
          .insert(staff)
          .values({
            role: account.role,
            correo: account.correo,
            servicio: account.servicio,
            nombre: account.nombre,
            apellido: account.apellido,
            password_hash: account.password_hash,
            estado: 'activo',
            estado_at: at,
            estado_por: account.by,
          })
          .onConflictDoNothing()
          .returning({ id: staff.id });
        // The account exists already: roll back, so the link is not spent for nothing.
        if (!created) tx.rollback();
        await tx.update(staffInvitations).set({ staff_id: created!.id }).where(eq(staffInvitations.id, invitationId));
        return created!;
      })
        .catch((err: unknown) => {
          if (err instanceof TransactionRollbackError) return 'taken' as const;
          throw err;
        });
    },

    /** How many active administrators the clinic has (create-admin and the tests read it). */
    async activeAdmins() {
      const [row] = await db
        .select({ n: count() })
        .from(staff)
        .where(and(eq(staff.role, 'admin'), eq(staff.estado, 'activo')));
      return row?.n ?? 0;
    },

    /** The audit row of the create-admin command (no request: written here). */
    async auditCommand(row: { staffId: string; correo: string; at: Date; detail: string }) {
      await db.insert(auditLog).values({
        at: row.at,
        actor_role: 'anonymous',
        actor_id: null,
        actor_correo: null,
        action: 'staff.create_admin',
        resource_type: 'staff',
        resource_id: row.staffId,
        patient_id: null,
        outcome: 'success',
        detail: row.detail,
        method: null,
        path: null,
        ip: null,
        user_agent: null,
        request_id: null,
      });
    },
  };
}
export type StaffAccountsRepository = ReturnType<typeof staffAccountsRepository>;
