import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { chatRooms, consultationConsents, consultationImages, consultations, files, patients, payments, staff } from '../../db/schema.js';
import { clinicalHistoryColumns } from './clinical-history.js';
import { afterCursor, cursorText, type Keyset } from '../../infra/http/keyset.js';
import { nameOrReference } from '../../infra/http/name-search.js';
import { stateColumns } from './consultation-state.js';

export type ConsultationRow = typeof consultations.$inferSelect;
export type NewConsultation = Omit<typeof consultations.$inferInsert, 'id' | 'updated_at'>;

const doctor = alias(staff, 'doctor');
const comprobante = alias(files, 'comprobante');

const rowColumns = {
  id: consultations.id,
  /** The keyset of the lists (registration instant as PostgreSQL's exact text, then id). */
  cursor_at: cursorText(consultations.fecha_registro),
  token: consultations.token,
  numero: consultations.numero,
  patient_id: consultations.patient_id,
  nombre: patients.nombre,
  apellido: patients.apellido,
  cedula: patients.cedula,
  correo: patients.correo,
  servicio: consultations.servicio,
  correo_doctor: doctor.correo,
  doctor_nombre: doctor.nombre,
  doctor_apellido: doctor.apellido,
  doctor_especialidad: doctor.perfil_especialidad,
  fecha_registro: consultations.fecha_registro,
  tipo_de_consulta: consultations.tipo_de_consulta,
  estado_consulta: consultations.estado_consulta,
  revisado: consultations.revisado,
  permiso_chat: consultations.permiso_chat,
  metodo_de_pago: payments.metodo_de_pago,
  estado_pago: payments.estado,
  motivo_rechazo: payments.motivo_rechazo,
  ...stateColumns,
};

const detailColumns = {
  ...rowColumns,
  nacionalidad: patients.nacionalidad,
  genero: patients.genero,
  edad: patients.edad,
  direccion: patients.direccion,
  country_code: patients.country_code,
  celular: patients.celular,
  ...clinicalHistoryColumns,
  archivo_examenes_file_id: consultations.archivo_examenes_file_id,
  payment_id: payments.id,
  payment_token: payments.token,
  payment_numero: payments.numero,
  monto_cents: payments.monto_cents,
  comprobante_file_id: payments.comprobante_file_id,
  comprobante_nombre: comprobante.nombre,
  posible_duplicado: sql<boolean>`(${payments.comprobante_sha256} IS NOT NULL AND EXISTS (
    SELECT 1 FROM payments p2 WHERE p2.comprobante_sha256 = ${payments.comprobante_sha256} AND p2.id <> ${payments.id}))`,
};

/** SQL of virtual consultations, their consent and their images. */
export function consultationsRepository(db: Db) {
  const rows = (exec: Db) =>
    exec
      .select(rowColumns)
      .from(consultations)
      .innerJoin(patients, eq(patients.id, consultations.patient_id))
      .innerJoin(doctor, eq(doctor.id, consultations.doctor_id))
      .innerJoin(payments, eq(payments.id, consultations.payment_id))
      .leftJoin(chatRooms, eq(chatRooms.consultation_id, consultations.id));

  const details = (exec: Db) =>
    exec
      .select(detailColumns)
      .from(consultations)
      .innerJoin(patients, eq(patients.id, consultations.patient_id))
      .innerJoin(doctor, eq(doctor.id, consultations.doctor_id))
      .innerJoin(payments, eq(payments.id, consultations.payment_id))
      .leftJoin(chatRooms, eq(chatRooms.consultation_id, consultations.id))
      .leftJoin(comprobante, eq(comprobante.id, payments.comprobante_file_id));

  return {
    async insertConsent(patientId: string, aceptar: 'si' | 'no', at: Date) {
      await db.insert(consultationConsents).values({ patient_id: patientId, aceptar, created_at: at });
    },

    async latestConsent(patientId: string) {
      const [row] = await db
        .select()
        .from(consultationConsents)
        .where(eq(consultationConsents.patient_id, patientId))
        .orderBy(desc(consultationConsents.created_at))
        .limit(1);
      return row;
    },

    async insert(exec: Db, row: NewConsultation) {
      const [inserted] = await exec.insert(consultations).values(row).returning();
      return inserted!;
    },

    /** Primera_Consulta goes from 1 to 0 when the patient's first consultation is requested. */
    async markFirstConsultationUsed(exec: Db, patientId: string) {
      await exec.update(patients).set({ primera_consulta: 0 }).where(and(eq(patients.id, patientId), eq(patients.primera_consulta, 1)));
    },

    /** The patient's newest consultation, with its payment's state; with `token`, that one if it is the patient's. */
    async latestOfPatient(patientId: string, token?: string) {
      const mine = eq(consultations.patient_id, patientId);
      const [row] = await rows(db)
        .where(token === undefined ? mine : and(mine, eq(consultations.token, token)))
        .orderBy(desc(consultations.fecha_registro))
        .limit(1);
      return row;
    },

    /**
     * The patient's consultations that are not closed, newest first, with their doctor's name and
     * their chat's clock: the candidates of the way back (decision 0032).
     */
    async unclosedOfPatient(patientId: string, limit: number) {
      return db
        .select({
          ...rowColumns,
          doctor_nombre: doctor.nombre,
          doctor_apellido: doctor.apellido,
          ends_at: chatRooms.ends_at,
          time_closed_at: chatRooms.time_closed_at,
          room_closed_at: chatRooms.closed_at,
        })
        .from(consultations)
        .innerJoin(patients, eq(patients.id, consultations.patient_id))
        .innerJoin(doctor, eq(doctor.id, consultations.doctor_id))
        .innerJoin(payments, eq(payments.id, consultations.payment_id))
        .leftJoin(chatRooms, eq(chatRooms.consultation_id, consultations.id))
        .where(and(eq(consultations.patient_id, patientId), eq(consultations.estado_consulta, 1)))
        .orderBy(desc(consultations.fecha_registro))
        .limit(limit);
    },

    /**
     * The patient's consultation whose chat is allowed now (permission, open, payment approved):
     * the one of `token`, or else the newest.
     */
    async chatAllowed(patientId: string, token?: string) {
      const [row] = await rows(db)
        .where(
          and(
            eq(consultations.patient_id, patientId),
            token === undefined ? undefined : eq(consultations.token, token),
            eq(consultations.permiso_chat, true),
            eq(consultations.estado_consulta, 1),
            eq(payments.estado, 'aprobado'),
          ),
        )
        .orderBy(desc(consultations.fecha_registro))
        .limit(1);
      return row;
    },

    /**
     * Consultation rows, newest first (id breaks ties, for the keyset): one patient's, or all;
     * optionally by the patient's first name (folded prefix), after a page's cursor.
     */
    async list(filter: { patientId?: string; nombre?: string; after?: Keyset; limit: number }) {
      const conditions = [];
      if (filter.patientId) conditions.push(eq(consultations.patient_id, filter.patientId));
      if (filter.nombre) conditions.push(nameOrReference(patients.nombre, consultations.numero, filter.nombre));
      if (filter.after) conditions.push(afterCursor(consultations.fecha_registro, consultations.id, filter.after));
      return rows(db)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(desc(consultations.fecha_registro), desc(consultations.id))
        .limit(filter.limit);
    },

    /** The whole consultation by token; with `patientId`, only if it is that patient's. */
    async detail(token: string, patientId?: string) {
      const [row] = await details(db).where(
        patientId ? and(eq(consultations.token, token), eq(consultations.patient_id, patientId)) : eq(consultations.token, token),
      );
      return row;
    },

    async images(consultationId: string) {
      return db
        .select({ file_id: consultationImages.file_id, nombre: files.nombre })
        .from(consultationImages)
        .innerJoin(files, eq(files.id, consultationImages.file_id))
        .where(eq(consultationImages.consultation_id, consultationId))
        .orderBy(consultationImages.created_at);
    },

    async hasImage(consultationId: string, fileId: string) {
      const [row] = await db
        .select({ id: consultationImages.id })
        .from(consultationImages)
        .where(and(eq(consultationImages.consultation_id, consultationId), eq(consultationImages.file_id, fileId)));
      return row !== undefined;
    },

    /** Locks the consultation for an update (simultaneous classifications take turns) and reads its patient's e-mail. */
    async lockForUpdate(tx: Db, id: string) {
      const [row] = await tx
        .select({
          id: consultations.id,
          payment_id: consultations.payment_id,
          correo: patients.correo,
          // The chat's hour was opened: the consultation was (at least partly) delivered.
          chat_used: sql<boolean>`EXISTS (SELECT 1 FROM chat_rooms r WHERE r.consultation_id = ${consultations.id})`,
        })
        .from(consultations)
        .innerJoin(patients, eq(patients.id, consultations.patient_id))
        .where(eq(consultations.id, id))
        .for('update', { of: consultations });
      return row;
    },

    /** The token and short number of the consultation a payment pays for (the Yappy page's poll). */
    async referenceOfPayment(exec: Db, paymentId: string) {
      const [row] = await exec
        .select({ token: consultations.token, numero: consultations.numero })
        .from(consultations)
        .where(eq(consultations.payment_id, paymentId));
      return row;
    },

    /** The consultation a payment pays for. */
    async byPayment(exec: Db, paymentId: string) {
      const [row] = await exec.select({ id: consultations.id }).from(consultations).where(eq(consultations.payment_id, paymentId));
      return row;
    },

    async classify(
      tx: Db,
      id: string,
      values: Pick<ConsultationRow, 'tipo_de_consulta' | 'estado_consulta' | 'permiso_chat'> & { updated_at: Date },
    ) {
      await tx.update(consultations).set(values).where(eq(consultations.id, id));
    },
  };
}
export type ConsultationsRepository = ReturnType<typeof consultationsRepository>;
