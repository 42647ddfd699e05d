import { and, eq, gte, inArray, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appointments, doctorCalendarFeeds, patients, staff } from '../../db/schema.js';

/** The doctors' calendar feeds: their hashed tokens and what a feed lists (decision 0051). */
export function calendarRepository(db: Db) {
  return {
    async feedOf(doctorId: string) {
      const [row] = await db.select().from(doctorCalendarFeeds).where(eq(doctorCalendarFeeds.doctor_id, doctorId));
      return row;
    },

    /** Writes the doctor's one token over the last: the old URL stops in the same statement. */
    async replaceToken(doctorId: string, tokenHash: string, by: string, now: Date) {
      await db
        .insert(doctorCalendarFeeds)
        .values({ doctor_id: doctorId, token_hash: tokenHash, created_by: by, created_at: now })
        .onConflictDoUpdate({ target: doctorCalendarFeeds.doctor_id, set: { token_hash: tokenHash, created_by: by, created_at: now } });
    },

    async revoke(doctorId: string) {
      const removed = await db.delete(doctorCalendarFeeds).where(eq(doctorCalendarFeeds.doctor_id, doctorId)).returning();
      return removed.length > 0;
    },

    async doctorByToken(tokenHash: string) {
      const [row] = await db
        .select({ id: staff.id, correo: staff.correo })
        .from(doctorCalendarFeeds)
        .innerJoin(staff, eq(staff.id, doctorCalendarFeeds.doctor_id))
        .where(eq(doctorCalendarFeeds.token_hash, tokenHash));
      return row;
    },

    /**
     * One query: the doctor's requested and confirmed appointments from `since` on, and those
     * cancelled since `cancelledSince` that the doctor could have seen (they had a payment: a
     * PayPal checkout that lapsed was never on anyone's calendar). Only the columns a feed may
     * show: no reason for the visit, no contact details.
     */
    async feedAppointments(doctorId: string, since: Date, cancelledSince: Date) {
      return db
        .select({
          id: appointments.id,
          patient_id: appointments.patient_id,
          inicio: appointments.inicio,
          estado: appointments.estado,
          servicio: appointments.servicio,
          secuencia: appointments.secuencia,
          updated_at: appointments.updated_at,
          nombre: patients.nombre,
          apellido: patients.apellido,
        })
        .from(appointments)
        .innerJoin(patients, eq(patients.id, appointments.patient_id))
        .where(
          and(
            eq(appointments.doctor_id, doctorId),
            gte(appointments.inicio, since),
            or(
              inArray(appointments.estado, ['pendiente', 'confirmada']),
              and(eq(appointments.estado, 'cancelada'), isNotNull(appointments.payment_id), gte(appointments.cancelada_at, cancelledSince)),
            ),
          ),
        )
        .orderBy(appointments.inicio);
    },
  };
}
export type CalendarRepository = ReturnType<typeof calendarRepository>;
