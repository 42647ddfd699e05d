import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  chatExtraHours,
  chatMessages,
  chatRooms,
  consultationImages,
  consultations,
  files,
  patients,
  payments,
  staff,
} from '../../db/schema.js';

import { stateColumns } from '../consultations/index.js';

const doctor = alias(staff, 'chat_doctor');

/** The chat's view of a consultation: its people, whether its chat is allowed, its room. */
const consultationColumns = {
  id: consultations.id,
  token: consultations.token,
  /** The short reference (decision 0045), for the Yappy page's poll of an extra hour. */
  numero: consultations.numero,
  servicio: consultations.servicio,
  patient_id: consultations.patient_id,
  doctor_id: consultations.doctor_id,
  fecha_registro: consultations.fecha_registro,
  sintomas: consultations.sintomas,
  peso: consultations.peso,
  talla: consultations.talla,
  presion_arterial: consultations.presion_arterial,
  frecuencia_cardiaca: consultations.frecuencia_cardiaca,
  frecuencia_respiratoria: consultations.frecuencia_respiratoria,
  paciente_nombre: patients.nombre,
  paciente_apellido: patients.apellido,
  paciente_correo: patients.correo,
  doctor_nombre: doctor.nombre,
  doctor_apellido: doctor.apellido,
  /** Permission given, consultation open, payment approved: what the chat-session check requires. */
  allowed: sql<boolean>`(${consultations.permiso_chat} AND ${consultations.estado_consulta} = 1 AND ${payments.estado} = 'aprobado')`,
  opened_at: chatRooms.opened_at,
  ends_at: chatRooms.ends_at,
  time_closed_at: chatRooms.time_closed_at,
  closed_at: chatRooms.closed_at,
  // The consultation's state (issue 20), shown on /Chat_Doctor.
  ...stateColumns,
};

export type ChatConsultation = Awaited<ReturnType<ReturnType<typeof chatRepository>['byToken']>> & object;
export type ChatRoomRow = typeof chatRooms.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type NewChatMessage = Omit<typeof chatMessages.$inferInsert, 'id'>;

/** SQL of the chat: rooms (the hour), messages, extra hours, the health data and images of the consultation. */
export function chatRepository(db: Db) {
  const base = (exec: Db) =>
    exec
      .select(consultationColumns)
      .from(consultations)
      .innerJoin(patients, eq(patients.id, consultations.patient_id))
      .innerJoin(doctor, eq(doctor.id, consultations.doctor_id))
      .innerJoin(payments, eq(payments.id, consultations.payment_id))
      .leftJoin(chatRooms, eq(chatRooms.consultation_id, consultations.id));

  const allowedWhere = and(
    eq(consultations.permiso_chat, true),
    eq(consultations.estado_consulta, 1),
    eq(payments.estado, 'aprobado'),
  );

  return {
    /**
     * The patient's consultation whose chat is allowed (the same rule as the chat-session check):
     * the one of `token`, or else the newest.
     */
    async currentOfPatient(patientId: string, token?: string) {
      const [row] = await base(db)
        .where(and(eq(consultations.patient_id, patientId), token === undefined ? undefined : eq(consultations.token, token), allowedWhere))
        .orderBy(desc(consultations.fecha_registro))
        .limit(1);
      return row;
    },

    /** The patient's open chats, newest first: allowed, not exited, time not ended by a refused extra hour. */
    async openOfPatient(patientId: string, limit: number) {
      return base(db)
        .where(
          and(
            eq(consultations.patient_id, patientId),
            allowedWhere,
            sql`${chatRooms.closed_at} IS NULL`,
            sql`${chatRooms.time_closed_at} IS NULL`,
          ),
        )
        .orderBy(desc(consultations.fecha_registro))
        .limit(limit);
    },

    async byToken(token: string) {
      const [row] = await base(db).where(eq(consultations.token, token)).limit(1);
      return row;
    },

    async byId(id: string) {
      const [row] = await base(db).where(eq(consultations.id, id)).limit(1);
      return row;
    },

    /** The doctor's consultations whose chat is allowed, newest first, with their last message. */
    async openForDoctor(doctorId: string, limit: number) {
      return base(db)
        .where(and(eq(consultations.doctor_id, doctorId), allowedWhere))
        .orderBy(desc(consultations.fecha_registro))
        .limit(limit);
    },

    async lastMessages(consultationIds: string[]) {
      if (consultationIds.length === 0) return [];
      return db
        .selectDistinctOn([chatMessages.consultation_id], {
          consultation_id: chatMessages.consultation_id,
          body: chatMessages.body,
        })
        .from(chatMessages)
        .where(inArray(chatMessages.consultation_id, consultationIds))
        .orderBy(chatMessages.consultation_id, desc(chatMessages.id));
    },

    /** Opens the consultation's chat once (the first opening wins) and returns its room. */
    async openRoom(consultationId: string, openedAt: Date, endsAt: Date) {
      await db
        .insert(chatRooms)
        .values({ consultation_id: consultationId, opened_at: openedAt, ends_at: endsAt })
        .onConflictDoNothing();
      const [room] = await db.select().from(chatRooms).where(eq(chatRooms.consultation_id, consultationId));
      return room!;
    },

    async room(consultationId: string) {
      const [room] = await db.select().from(chatRooms).where(eq(chatRooms.consultation_id, consultationId));
      return room;
    },

    /**
     * Writes messages in one statement; ids follow the order of `rows`. A row whose `client_id`
     * is already stored (a resend, perhaps through another instance at the same moment) is not
     * written: only the new rows are returned, in id order (decision 0033).
     */
    async insertMessages(rows: NewChatMessage[]) {
      const inserted = await db
        .insert(chatMessages)
        .values(rows)
        .onConflictDoNothing({ target: chatMessages.client_id })
        .returning();
      return inserted.sort((a, b) => a.id - b.id);
    },

    /** The stored messages with these page-made ids, whatever their consultation. */
    async messagesByClientIds(clientIds: string[]) {
      if (clientIds.length === 0) return [];
      return db.select().from(chatMessages).where(inArray(chatMessages.client_id, clientIds));
    },

    /** The transcript of a consultation in order, after the id `sinceId` (0: from the start). */
    async listForConsultation(consultationId: string, sinceId = 0, limit = 1000) {
      return db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.consultation_id, consultationId), gt(chatMessages.id, sinceId)))
        .orderBy(asc(chatMessages.id))
        .limit(limit);
    },

    /** Adds an hour: from the later of the room's end and now (an expired hour is not partly lost). */
    async addHour(exec: Db, consultationId: string, now: Date) {
      const [room] = await exec
        .update(chatRooms)
        .set({
          ends_at: sql`GREATEST(${chatRooms.ends_at}, ${now.toISOString()}::timestamptz) + interval '3600 seconds'`,
        })
        .where(eq(chatRooms.consultation_id, consultationId))
        .returning();
      return room;
    },

    async linkExtraHour(exec: Db, paymentId: string, consultationId: string) {
      await exec.insert(chatExtraHours).values({ payment_id: paymentId, consultation_id: consultationId });
    },

    /** Marks the extra hour of a payment applied; the consultation, or undefined when already applied or unknown. */
    async claimExtraHour(exec: Db, paymentId: string, at: Date) {
      const [row] = await exec
        .update(chatExtraHours)
        .set({ applied_at: at })
        .where(and(eq(chatExtraHours.payment_id, paymentId), sql`${chatExtraHours.applied_at} IS NULL`))
        .returning();
      return row;
    },

    /**
     * Claims the extra hour of a payment only while its chat's time is still open; a payment
     * approved after the time ended claims nothing (its hour is owed back, decision 0035).
     */
    async claimExtraHourIfOpen(exec: Db, paymentId: string, at: Date) {
      const [row] = await exec
        .update(chatExtraHours)
        .set({ applied_at: at })
        .where(
          and(
            eq(chatExtraHours.payment_id, paymentId),
            sql`${chatExtraHours.applied_at} IS NULL`,
            sql`NOT EXISTS (SELECT 1 FROM chat_rooms r WHERE r.consultation_id = ${chatExtraHours.consultation_id}
              AND (r.time_closed_at IS NOT NULL OR r.closed_at IS NOT NULL))`,
          ),
        )
        .returning();
      return row;
    },

    /** Whether an extra-hour payment is linked to a chat and still unapplied (inside the approving transaction). */
    async unappliedExtraHour(exec: Db, paymentId: string) {
      const [row] = await exec
        .select({ payment_id: chatExtraHours.payment_id })
        .from(chatExtraHours)
        .where(and(eq(chatExtraHours.payment_id, paymentId), sql`${chatExtraHours.applied_at} IS NULL`));
      return row !== undefined;
    },

    /** Extra hours of a consultation paid (or under review) and never applied. */
    async unappliedExtraHours(consultationId: string) {
      const rows = await db
        .select({ payment_id: chatExtraHours.payment_id })
        .from(chatExtraHours)
        .where(and(eq(chatExtraHours.consultation_id, consultationId), sql`${chatExtraHours.applied_at} IS NULL`));
      return rows.map((r) => r.payment_id);
    },

    /** The consultation an extra-hour payment is for. */
    async extraHourConsultation(paymentId: string, exec: Db = db) {
      const [row] = await exec
        .select({ id: chatExtraHours.consultation_id })
        .from(chatExtraHours)
        .where(eq(chatExtraHours.payment_id, paymentId));
      return row?.id;
    },

    async pendingExtraHours(consultationId: string) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(chatExtraHours)
        .innerJoin(payments, eq(payments.id, chatExtraHours.payment_id))
        .where(and(eq(chatExtraHours.consultation_id, consultationId), eq(payments.estado, 'pendiente')));
      return row?.n ?? 0;
    },

    /** Closing the payment overlay without paying: the chat time ends now, for good. */
    async closeTime(consultationId: string, now: Date) {
      const [room] = await db
        .update(chatRooms)
        .set({ time_closed_at: now, ends_at: sql`LEAST(${chatRooms.ends_at}, ${now.toISOString()}::timestamptz)` })
        .where(and(eq(chatRooms.consultation_id, consultationId), sql`${chatRooms.time_closed_at} IS NULL`))
        .returning();
      return room;
    },

    /** Exit: the room closed and the consultation closed (estado_consulta 0), together. */
    async exit(consultationId: string, now: Date) {
      await db.transaction(async (tx) => {
        await tx
          .update(chatRooms)
          .set({ closed_at: now, ends_at: sql`LEAST(${chatRooms.ends_at}, ${now.toISOString()}::timestamptz)` })
          .where(eq(chatRooms.consultation_id, consultationId));
        await tx
          .update(consultations)
          .set({ estado_consulta: 0, updated_at: now })
          .where(eq(consultations.id, consultationId));
      });
    },

    async saveHealth(
      consultationId: string,
      data: {
        peso: number;
        talla: number;
        presion_arterial: string | null;
        frecuencia_cardiaca: string | null;
        frecuencia_respiratoria: string | null;
      },
      now: Date,
    ) {
      await db
        .update(consultations)
        .set({ ...data, updated_at: now })
        .where(eq(consultations.id, consultationId));
    },

    async countImages(consultationId: string) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(consultationImages)
        .where(eq(consultationImages.consultation_id, consultationId));
      return row?.n ?? 0;
    },

    /** The consultation's images: how many and their bytes (the quota, decision 0030). */
    async imageUsage(consultationId: string) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(${files.size}), 0)::bigint` })
        .from(consultationImages)
        .innerJoin(files, eq(files.id, consultationImages.file_id))
        .where(eq(consultationImages.consultation_id, consultationId));
      return { n: row?.n ?? 0, bytes: Number(row?.bytes ?? 0) };
    },

    async insertImage(file: typeof files.$inferInsert, consultationId: string, at: Date) {
      await db.transaction(async (tx) => {
        await tx.insert(files).values(file);
        await tx
          .insert(consultationImages)
          .values({ consultation_id: consultationId, file_id: file.id!, created_at: at });
      });
    },

    async images(consultationId: string) {
      return db
        .select({ file_id: consultationImages.file_id, nombre: files.nombre })
        .from(consultationImages)
        .innerJoin(files, eq(files.id, consultationImages.file_id))
        .where(eq(consultationImages.consultation_id, consultationId))
        .orderBy(consultationImages.created_at);
    },
  };
}
export type ChatRepository = ReturnType<typeof chatRepository>;
