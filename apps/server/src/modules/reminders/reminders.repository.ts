import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { appointmentReminders, appointments, staff } from '../../db/schema.js';

const doctor = alias(staff, 'doctor');

/** The appointment a confirm link names, as its page shows it (no patient name). */
const viewColumns = {
  id: appointments.id,
  fecha: appointments.fecha,
  hora: appointments.hora,
  inicio: appointments.inicio,
  servicio: appointments.servicio,
  estado: appointments.estado,
  asistencia_confirmada_at: appointments.asistencia_confirmada_at,
  doctor_nombre: doctor.nombre,
  doctor_apellido: doctor.apellido,
};

/** SQL of the reminders (decision 0052): what is due, the claim, the link's appointment, the answer. */
export function remindersRepository(db: Db) {
  return {
    /**
     * Confirmed appointments whose `horas` reminder is due at `now` and not sent: starting within
     * `horas` hours but not within `next` (the next shorter lead time, whose reminder then goes
     * instead). A booking made inside a window gets that reminder at the next sweep: it carries the
     * confirm link, which the confirmation does not. Served by appointments_inicio_idx.
     */
    async due(now: Date, horas: number, next: number, limit: number) {
      const until = new Date(now.getTime() + horas * 3_600_000);
      const after = new Date(now.getTime() + next * 3_600_000);
      return db
        .select({ id: appointments.id, token: appointments.token, patient_id: appointments.patient_id, inicio: appointments.inicio })
        .from(appointments)
        .where(
          and(
            eq(appointments.estado, 'confirmada'),
            gt(appointments.inicio, after),
            lte(appointments.inicio, until),
            sql`NOT EXISTS (SELECT 1 FROM ${appointmentReminders} r WHERE r.appointment_id = ${appointments.id} AND r.horas = ${horas})`,
          ),
        )
        .orderBy(appointments.inicio)
        .limit(limit);
    },

    /**
     * The claim: true for the one caller whose row lands. Several instances sweeping at the same
     * moment all try; the primary key (appointment, lead time) lets exactly one through, and the
     * appointment must still be confirmed (a cancellation between the read and the claim wins).
     */
    async claim(appointmentId: string, horas: number, tokenHash: string, now: Date) {
      const rows = await db.execute(sql`
        INSERT INTO ${appointmentReminders} (appointment_id, horas, token_hash, sent_at)
        SELECT ${appointmentId}, ${horas}, ${tokenHash}, ${now.toISOString()}::timestamptz
        WHERE EXISTS (SELECT 1 FROM ${appointments} a WHERE a.id = ${appointmentId} AND a.estado = 'confirmada')
        ON CONFLICT DO NOTHING
        RETURNING appointment_id`);
      return (rows as { rows: unknown[] }).rows.length === 1;
    },

    /** The appointment of a confirm link, by the SHA-256 of its token; undefined for no such link. */
    async byTokenHash(tokenHash: string) {
      const [row] = await db
        .select(viewColumns)
        .from(appointmentReminders)
        .innerJoin(appointments, eq(appointments.id, appointmentReminders.appointment_id))
        .innerJoin(doctor, eq(doctor.id, appointments.doctor_id))
        .where(eq(appointmentReminders.token_hash, tokenHash));
      return row;
    },

    /**
     * Records the answer once: only a confirmed appointment that has not started. Returns the
     * time recorded, or undefined when nothing was written (already confirmed, started, cancelled).
     */
    async confirm(appointmentId: string, now: Date) {
      const [row] = await db
        .update(appointments)
        .set({ asistencia_confirmada_at: now, updated_at: now })
        .where(
          and(
            eq(appointments.id, appointmentId),
            eq(appointments.estado, 'confirmada'),
            gt(appointments.inicio, now),
            isNull(appointments.asistencia_confirmada_at),
          ),
        )
        .returning({ at: appointments.asistencia_confirmada_at });
      return row?.at ?? undefined;
    },
  };
}

export type RemindersRepository = ReturnType<typeof remindersRepository>;
