import { and, asc, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Service } from '@clinica/shared';
import type { Db } from '../../db/client.js';
import { appointmentWaitlist, staff, waitlistOffers } from '../../db/schema.js';

const entries = appointmentWaitlist;
const offers = waitlistOffers;
const doctorName = sql<string>`${staff.nombre} || ' ' || ${staff.apellido}`;

/** The waitlist's SQL (issue 24, item 5, decision 0050): entries per patient and day, and the offers of freed hours. */
export function waitlistRepository(db: Db) {
  return {
    /** The patient's active entries (the cap counts them); read under the patient's row lock. */
    async countActive(exec: Db, patientId: string) {
      const [row] = await exec
        .select({ n: sql<number>`count(*)::int` })
        .from(entries)
        .where(and(eq(entries.patient_id, patientId), eq(entries.estado, 'activa')));
      return row?.n ?? 0;
    },

    /** A new active entry, or undefined when the patient already waits for that day (the unique index decides). */
    async insert(exec: Db, row: { patient_id: string; doctor_id: string; servicio: Service; fecha: string; created_at: Date }) {
      const [inserted] = await exec.insert(entries).values(row).onConflictDoNothing().returning({ id: entries.id });
      return inserted;
    },

    /** The patient's active entries from `today` on, with their offers still open at `now`. */
    async mine(patientId: string, today: string, now: Date) {
      const rows = await db
        .select({ id: entries.id, doctor: doctorName, servicio: entries.servicio, fecha: entries.fecha, created_at: entries.created_at })
        .from(entries)
        .innerJoin(staff, eq(staff.id, entries.doctor_id))
        .where(and(eq(entries.patient_id, patientId), eq(entries.estado, 'activa'), gte(entries.fecha, today)))
        .orderBy(asc(entries.fecha), asc(entries.created_at));
      const open = rows.length
        ? await db
            .select({ entry_id: offers.entry_id, token: offers.token, hora: offers.hora, expira_at: offers.expira_at })
            .from(offers)
            .where(and(inArray(offers.entry_id, rows.map((r) => r.id)), eq(offers.estado, 'abierta'), gt(offers.expira_at, now)))
            .orderBy(asc(offers.hora))
        : [];
      return rows.map((r) => ({ ...r, ofertas: open.filter((o) => o.entry_id === r.id) }));
    },

    /** The patient leaves one of their active entries; undefined when it is not theirs or not active. */
    async leave(patientId: string, id: string, now: Date) {
      const [row] = await db
        .update(entries)
        .set({ estado: 'retirada', ended_at: now })
        .where(and(eq(entries.id, id), eq(entries.patient_id, patientId), eq(entries.estado, 'activa')))
        .returning({ id: entries.id });
      if (row) await closeOffersOf(db, [row.id], 'vencida');
      return row;
    },

    /** Who waits for the doctor's date: the active entries, oldest first. */
    async waiting(doctorId: string, fecha: string) {
      return db
        .select({ id: entries.id, patient_id: entries.patient_id })
        .from(entries)
        .where(and(eq(entries.doctor_id, doctorId), eq(entries.fecha, fecha), eq(entries.estado, 'activa')))
        .orderBy(asc(entries.created_at));
    },

    /** The dates from `from` on that someone waits for with the doctor. */
    async datesWaiting(doctorId: string, from: string) {
      const rows = await db
        .selectDistinct({ fecha: entries.fecha })
        .from(entries)
        .where(and(eq(entries.doctor_id, doctorId), eq(entries.estado, 'activa'), gte(entries.fecha, from)))
        .orderBy(asc(entries.fecha));
      return rows.map((r) => r.fecha);
    },

    /**
     * An open offer of the hour to the entry, or undefined when one is already open (the partial
     * unique index): of several instances freeing the same hour at once, one mails each patient.
     */
    async offer(entryId: string, hora: string, token: string, expiraAt: Date, now: Date) {
      const [row] = await db
        .insert(offers)
        .values({ entry_id: entryId, hora, token, expira_at: expiraAt, created_at: now })
        .onConflictDoNothing()
        .returning({ id: offers.id });
      return row;
    },

    /** An offer by its link's token, with its entry (whose patient alone may use it). */
    async offerByToken(token: string) {
      const [row] = await db
        .select({
          id: offers.id,
          token: offers.token,
          hora: offers.hora,
          estado: offers.estado,
          expira_at: offers.expira_at,
          entry_id: entries.id,
          entry_estado: entries.estado,
          patient_id: entries.patient_id,
          doctor_id: entries.doctor_id,
          doctor: doctorName,
          servicio: entries.servicio,
          fecha: entries.fecha,
        })
        .from(offers)
        .innerJoin(entries, eq(entries.id, offers.entry_id))
        .innerJoin(staff, eq(staff.id, entries.doctor_id))
        .where(eq(offers.token, token));
      return row;
    },

    /**
     * The patient booked an hour of the doctor that day: their entries for it end ('reservo') and
     * their open offers are used. Runs inside the booking's transaction, so both happen or neither.
     */
    async endForBooking(tx: Db, patientId: string, doctorId: string, fecha: string, now: Date) {
      const ended = await tx
        .update(entries)
        .set({ estado: 'reservo', ended_at: now })
        .where(and(eq(entries.patient_id, patientId), eq(entries.doctor_id, doctorId), eq(entries.fecha, fecha), eq(entries.estado, 'activa')))
        .returning({ id: entries.id });
      await closeOffersOf(tx, ended.map((e) => e.id), 'usada');
      return ended.length;
    },

    /** Open offers past their deadline become 'vencida'; the UPDATE's rows say which instance did it. */
    async expireOffers(now: Date) {
      const rows = await db
        .update(offers)
        .set({ estado: 'vencida' })
        .where(and(eq(offers.estado, 'abierta'), lte(offers.expira_at, now)))
        .returning({ id: offers.id });
      return rows.length;
    },

    /** Entries of days already past end ('vencida'), with their open offers. */
    async endPast(today: string, now: Date) {
      const ended = await db
        .update(entries)
        .set({ estado: 'vencida', ended_at: now })
        .where(and(eq(entries.estado, 'activa'), lt(entries.fecha, today)))
        .returning({ id: entries.id });
      await closeOffersOf(db, ended.map((e) => e.id), 'vencida');
      return ended.length;
    },

    /** How many patients wait per doctor and day from `from` on (one doctor's, or every doctor's). */
    async counts(from: string, doctorId?: string) {
      return db
        .select({ id_doctor: entries.doctor_id, doctor: doctorName, fecha: entries.fecha, cantidad: sql<number>`count(*)::int` })
        .from(entries)
        .innerJoin(staff, eq(staff.id, entries.doctor_id))
        .where(and(eq(entries.estado, 'activa'), gte(entries.fecha, from), doctorId ? eq(entries.doctor_id, doctorId) : undefined))
        .groupBy(entries.doctor_id, staff.nombre, staff.apellido, entries.fecha)
        .orderBy(asc(entries.fecha), asc(staff.apellido));
    },
  };
}

/** Closes the entries' open offers (used when booked, vencida when the entry ended otherwise). */
async function closeOffersOf(exec: Db, entryIds: string[], estado: 'usada' | 'vencida') {
  if (entryIds.length === 0) return;
  await exec.update(offers).set({ estado }).where(and(inArray(offers.entry_id, entryIds), eq(offers.estado, 'abierta')));
}

export type WaitlistRepository = ReturnType<typeof waitlistRepository>;
