import { TransactionRollbackError, and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files, patients, staff } from '../../db/schema.js';
import { blindIndex } from '../../db/field-crypto.js';

export type NewPatient = Omit<typeof patients.$inferInsert, 'id' | 'created_at' | 'cedula_hmac'>;
export type NewStaff = Omit<typeof staff.$inferInsert, 'id' | 'created_at'>;
export type NewFile = typeof files.$inferInsert;

/** SQL of the patient and staff accounts. */
export function accountsRepository(db: Db) {
  return {
    /**
     * Every patient account of an address, newest first: at most one verified, or several
     * unverified registrations (decision 0023), each signed in by its own password.
     */
    async findPatientsByEmail(correo: string) {
      return db
        .select({ id: patients.id, password_hash: patients.password_hash, nombre: patients.nombre })
        .from(patients)
        .where(eq(patients.correo, correo))
        .orderBy(desc(patients.created_at), desc(patients.id));
    },

    /** The verified patient of an address, if any: the one that owns it. */
    async findVerifiedPatientByEmail(correo: string) {
      const [row] = await db
        .select({ id: patients.id })
        .from(patients)
        .where(and(eq(patients.correo, correo), isNotNull(patients.email_verified_at)));
      return row;
    },

    async findStaffByEmail(correo: string) {
      return db
        .select({ id: staff.id, role: staff.role, password_hash: staff.password_hash, nombre: staff.nombre, estado: staff.estado })
        .from(staff)
        .where(eq(staff.correo, correo));
    },

    /**
     * Inserts the patient and the row of their ID-card image in one transaction; null if a
     * verified account owns the e-mail (unverified registrations of it do not count: decision 0023).
     */
    async insertPatient(patient: NewPatient, idImage: NewFile) {
      // tx.rollback() throws; a concurrent verification of the same e-mail lands there and must
      // answer 'taken', not a server error.
      return db
        .transaction(async (tx) => {
          const existing = await tx
            .select({ id: patients.id })
            .from(patients)
            .where(and(eq(patients.correo, patient.correo), isNotNull(patients.email_verified_at)));
          if (existing.length > 0) return null;
          await tx.insert(files).values(idImage);
          const [row] = await tx
            .insert(patients)
            .values({ ...patient, cedula_hmac: blindIndex(patient.cedula), image_cedula_file_id: idImage.id })
            .onConflictDoNothing()
            .returning({ id: patients.id });
          if (!row) tx.rollback();
          return row ?? null;
        })
        .catch((err: unknown) => {
          if (err instanceof TransactionRollbackError) return null;
          throw err;
        });
    },

    /** Inserts a staff account; null if that e-mail already has an account of that role. */
    async insertStaff(account: NewStaff) {
      const [row] = await db.insert(staff).values(account).onConflictDoNothing().returning({ id: staff.id });
      return row ?? null;
    },
  };
}
export type AccountsRepository = ReturnType<typeof accountsRepository>;
