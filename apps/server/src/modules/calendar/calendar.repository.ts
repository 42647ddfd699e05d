import { and, asc, between, eq, gte, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appointments, doctorBlockedDates, doctorCalendarFeeds, doctorWeeklyHours, patients, staff } from '../../db/schema.js';

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

    // --- the week view: one query per kind, for one doctor or all (`doctorId` undefined) ----------

    /** The doctors shown: the one asked for, or every active doctor; with their weekly hours (null: the clinic's). */
    async weekDoctors(doctorId: string | undefined) {
      const which: SQL[] = [eq(staff.role, 'doctor')];
      which.push(doctorId ? eq(staff.id, doctorId) : eq(staff.estado, 'activo'));
      return db
        .select({ id: staff.id, nombre: staff.nombre, apellido: staff.apellido, horario: doctorWeeklyHours.horario })
        .from(staff)
        .leftJoin(doctorWeeklyHours, eq(doctorWeeklyHours.doctor_id, staff.id))
        .where(and(...which))
        .orderBy(asc(staff.apellido), asc(staff.nombre), asc(staff.id));
    },

    /** Requested and confirmed appointments of the week (a checkout in progress is not one yet). */
    async weekAppointments(doctorIds: string[], from: string, to: string) {
      if (doctorIds.length === 0) return [];
      return db
        .select({
          token: appointments.token,
          numero: appointments.numero,
          doctor_id: appointments.doctor_id,
          patient_id: appointments.patient_id,
          fecha: appointments.fecha,
          hora: appointments.hora,
          estado: appointments.estado,
          reprogramada_at: appointments.reprogramada_at,
          asistencia: appointments.asistencia,
          servicio: appointments.servicio,
          nombre: patients.nombre,
          apellido: patients.apellido,
        })
        .from(appointments)
        .innerJoin(patients, eq(patients.id, appointments.patient_id))
        .where(and(inArray(appointments.doctor_id, doctorIds), between(appointments.fecha, from, to), inArray(appointments.estado, ['pendiente', 'confirmada'])))
        .orderBy(asc(appointments.fecha), asc(appointments.hora));
    },

    async weekBlocks(doctorIds: string[], from: string, to: string) {
      if (doctorIds.length === 0) return [];
      return db
        .select({ doctor_id: doctorBlockedDates.doctor_id, fecha: doctorBlockedDates.fecha, desde: doctorBlockedDates.desde, hasta: doctorBlockedDates.hasta })
        .from(doctorBlockedDates)
        .where(and(inArray(doctorBlockedDates.doctor_id, doctorIds), between(doctorBlockedDates.fecha, from, to)))
        .orderBy(asc(doctorBlockedDates.fecha), asc(doctorBlockedDates.desde));
    },
  };
}
export type CalendarRepository = ReturnType<typeof calendarRepository>;
