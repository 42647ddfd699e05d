import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { patientChannels, patients, payments, staff } from '../../db/schema.js';
import { whatsappNumber } from './whatsapp/whatsapp-number.js';

// Whether the patient's address is verified: nothing about their health is mailed until it is (issue 18).
const verified = isNotNull(patients.email_verified_at);

/** SQL: the address and name of whoever a message is for. */
export function recipientsRepository(db: Db) {
  return {
    async patient(id: string) {
      const [row] = await db
        .select({ id: patients.id, correo: patients.correo, nombre: patients.nombre, verified })
        .from(patients)
        .where(eq(patients.id, id));
      return row;
    },
    /** Only the verified owner of an address: its unverified registrations are nobody's yet. */
    async patientByEmail(correo: string) {
      const [row] = await db
        .select({ id: patients.id, correo: patients.correo, nombre: patients.nombre, verified })
        .from(patients)
        .where(and(eq(patients.correo, correo.trim().toLowerCase()), verified));
      return row;
    },
    /** The patient who made a payment. */
    async patientOfPayment(paymentId: string) {
      const [row] = await db
        .select({ id: patients.id, correo: patients.correo, nombre: patients.nombre, verified })
        .from(payments)
        .innerJoin(patients, eq(patients.id, payments.patient_id))
        .where(eq(payments.id, paymentId));
      return row;
    },
    /**
     * A patient's WhatsApp consent and number (decision 0059), read when a notice is queued and
     * again when it is sent: a closed account, or one without a current consent, has none.
     */
    async whatsapp(patientId: string) {
      const [row] = await db
        .select({
          country_code: patients.country_code,
          celular: patients.celular,
          consent_at: patientChannels.whatsapp_consent_at,
          consented_numero: patientChannels.whatsapp_numero,
          cerrada_at: patients.cerrada_at,
        })
        .from(patients)
        .innerJoin(patientChannels, eq(patientChannels.patient_id, patients.id))
        .where(eq(patients.id, patientId));
      if (!row || !row.consent_at || row.cerrada_at) return null;
      // Only the number the patient consented to: a mobile changed since then gets nothing by WhatsApp.
      if (row.consented_numero !== whatsappNumber(row.country_code, row.celular)) return null;
      return { country_code: row.country_code, celular: row.celular };
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
