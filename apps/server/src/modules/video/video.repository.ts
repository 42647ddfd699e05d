import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chatRooms, consultationCalls, consultations, payments, staff, videoConsents } from '../../db/schema.js';

/** A consultation as the video routes need it: its two members, whether its chat is allowed, its time. */
const memberColumns = {
  id: consultations.id,
  token: consultations.token,
  patient_id: consultations.patient_id,
  doctor_id: consultations.doctor_id,
  /** The same rule as the chat's: permission given, consultation open, payment approved. */
  allowed: sql<boolean>`(${consultations.permiso_chat} AND ${consultations.estado_consulta} = 1 AND ${payments.estado} = 'aprobado')`,
  ends_at: chatRooms.ends_at,
  time_closed_at: chatRooms.time_closed_at,
  closed_at: chatRooms.closed_at,
};
export type VideoConsultation = NonNullable<Awaited<ReturnType<ReturnType<typeof videoRepository>['byToken']>>>;
export type CallRow = typeof consultationCalls.$inferSelect;

/** SQL of video consultations: the consultation's members and time, the consent, the calls. */
export function videoRepository(db: Db) {
  return {
    async byToken(token: string) {
      const [row] = await db
        .select(memberColumns)
        .from(consultations)
        .innerJoin(payments, eq(payments.id, consultations.payment_id))
        .leftJoin(chatRooms, eq(chatRooms.consultation_id, consultations.id))
        .where(eq(consultations.token, token))
        .limit(1);
      return row;
    },

    async consentOf(patientId: string) {
      const [row] = await db.select().from(videoConsents).where(eq(videoConsents.patient_id, patientId));
      return row;
    },

    /** Records the consent once: a second acceptance keeps the first date. */
    async acceptConsent(patientId: string, at: Date) {
      await db.insert(videoConsents).values({ patient_id: patientId, accepted_at: at }).onConflictDoNothing();
      return (await this.consentOf(patientId))!;
    },

    /** The doctor's professional registration number (the profile printed on documents), or null. */
    async doctorRegistration(doctorId: string) {
      const [row] = await db.select({ registro: staff.perfil_registro }).from(staff).where(eq(staff.id, doctorId));
      return row?.registro ?? null;
    },

    /** The consultation's call ringing or under way, if any. */
    async currentCall(consultationId: string) {
      const [row] = await db
        .select()
        .from(consultationCalls)
        .where(and(eq(consultationCalls.consultation_id, consultationId), isNull(consultationCalls.ended_at)))
        .limit(1);
      return row;
    },

    /**
     * Rings: drops the consultation's calls that were never answered and are either the same
     * side's earlier invitation or older than `staleBefore` (their pages are gone), then writes
     * this one. Answers false when another call rings or is under way (the partial unique index
     * decides between instances); true also for a resend of the same call id.
     */
    // No transaction needed: the delete only clears the way, the insert's unique index decides.
    async invite(row: { id: string; consultation_id: string; started_by: 'patient' | 'doctor'; invited_at: Date }, staleBefore: Date) {
      await db
        .delete(consultationCalls)
        .where(
          and(
            eq(consultationCalls.consultation_id, row.consultation_id),
            isNull(consultationCalls.started_at),
            ne(consultationCalls.id, row.id),
            or(eq(consultationCalls.started_by, row.started_by), lt(consultationCalls.invited_at, staleBefore)),
          ),
        );
      const inserted = await db
        .insert(consultationCalls)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: consultationCalls.id });
      if (inserted.length > 0) return true;
      const [same] = await db
        .select({ id: consultationCalls.id })
        .from(consultationCalls)
        .where(
          and(
            eq(consultationCalls.id, row.id),
            eq(consultationCalls.consultation_id, row.consultation_id),
            eq(consultationCalls.started_by, row.started_by),
            isNull(consultationCalls.ended_at),
          ),
        );
      return same !== undefined;
    },

    /** The OTHER side accepts a ringing call: it starts now. Undefined when there is no such call. */
    async accept(consultationId: string, callId: string, acceptor: 'patient' | 'doctor', at: Date) {
      const [row] = await db
        .update(consultationCalls)
        .set({ started_at: at })
        .where(
          and(
            eq(consultationCalls.id, callId),
            eq(consultationCalls.consultation_id, consultationId),
            ne(consultationCalls.started_by, acceptor),
            isNull(consultationCalls.started_at),
            isNull(consultationCalls.ended_at),
          ),
        )
        .returning();
      return row;
    },

    /** A ringing call declined or hung up before an answer: nothing of it is kept. */
    async dropRinging(consultationId: string, callId: string) {
      const rows = await db
        .delete(consultationCalls)
        .where(
          and(
            eq(consultationCalls.id, callId),
            eq(consultationCalls.consultation_id, consultationId),
            isNull(consultationCalls.started_at),
          ),
        )
        .returning({ id: consultationCalls.id });
      return rows.length > 0;
    },

    /** Ends a call under way once (of several instances, one UPDATE wins); the ended row or undefined. */
    async end(consultationId: string, callId: string, reason: 'ended' | 'left' | 'time', at: Date) {
      const [row] = await db
        .update(consultationCalls)
        .set({ ended_at: sql`GREATEST(${consultationCalls.started_at}, ${at.toISOString()}::timestamptz)`, end_reason: reason })
        .where(
          and(
            eq(consultationCalls.id, callId),
            eq(consultationCalls.consultation_id, consultationId),
            isNotNull(consultationCalls.started_at),
            isNull(consultationCalls.ended_at),
          ),
        )
        .returning();
      return row;
    },

    /**
     * Calls ringing or under way whose consultation's time is over (or whose chat was closed):
     * the sweep ends them. With the patient's id for the audit trail.
     */
    async overdue(now: Date) {
      return db
        .select({ call: consultationCalls, patient_id: consultations.patient_id, token: consultations.token })
        .from(consultationCalls)
        .innerJoin(consultations, eq(consultations.id, consultationCalls.consultation_id))
        .innerJoin(chatRooms, eq(chatRooms.consultation_id, consultationCalls.consultation_id))
        .where(
          and(
            isNull(consultationCalls.ended_at),
            or(lte(chatRooms.ends_at, now), isNotNull(chatRooms.time_closed_at), isNotNull(chatRooms.closed_at)),
          ),
        )
        .limit(500);
    },

    /** The accepted calls of some consultations, oldest first (the staff's record). */
    async callsOf(consultationIds: string[]) {
      if (consultationIds.length === 0) return [];
      return db
        .select()
        .from(consultationCalls)
        .where(and(inArray(consultationCalls.consultation_id, consultationIds), isNotNull(consultationCalls.started_at)))
        .orderBy(asc(consultationCalls.started_at));
    },
  };
}
export type VideoRepository = ReturnType<typeof videoRepository>;
