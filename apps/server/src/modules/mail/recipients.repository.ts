import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { patients, payments, staff } from '../../db/schema.js';

// Whether the patient's address is verified: nothing about their health is mailed until it is (issue 18).
const verified = isNotNull(patients.email_verified_at);

/** SQL: the address and name of whoever a message is for. */
export function recipientsRepository(db: Db) {
  return {
    async patient(id: string) {
      const [row] = await db
        .select({ correo: patients.correo, nombre: patients.nombre, verified })
        .from(patients)
        .where(eq(patients.id, id));
      return row;
    },
    /** Only the verified owner of an address: its unverified registrations are nobody's yet. */
    async patientByEmail(correo: string) {
      const [row] = await db
        .select({ correo: patients.correo, nombre: patients.nombre, verified })
        .from(patients)
        .where(and(eq(patients.correo, correo.trim().toLowerCase()), verified));
      return row;
    },
    /** The patient who made a payment. */
    async patientOfPayment(paymentId: string) {
      const [row] = await db
        .select({ correo: patients.correo, nombre: patients.nombre, verified })
        .from(payments)
        .innerJoin(patients, eq(patients.id, payments.patient_id))
        .where(eq(payments.id, paymentId));
      return row;
    },
    async staff(id: string) {
      const [row] = await db.select({ correo: staff.correo, nombre: staff.nombre }).from(staff).where(eq(staff.id, id));
      return row;
    },
    async admins() {
      return db.select({ correo: staff.correo, nombre: staff.nombre }).from(staff).where(and(eq(staff.role, 'admin'), eq(staff.estado, 'activo')));
    },
  };
}
export type RecipientsRepository = ReturnType<typeof recipientsRepository>;
