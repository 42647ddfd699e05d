import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chatRooms, consultationImages, consultations, files, patients, payments } from '../../db/schema.js';
import { stateColumns } from '../consultations/index.js';
import { afterCursor, cursorText, type Keyset } from '../../infra/http/keyset.js';
import { nameOrReference } from '../../infra/http/name-search.js';

const rowColumns = {
  id: consultations.id,
  token: consultations.token,
  numero: consultations.numero,
  patient_id: consultations.patient_id,
  nombre: patients.nombre,
  apellido: patients.apellido,
  cedula: patients.cedula,
  correo: patients.correo,
  fecha_registro: consultations.fecha_registro,
  cursor_at: cursorText(consultations.fecha_registro),
  servicio: consultations.servicio,
  revisado: consultations.revisado,
  estado_consulta: consultations.estado_consulta,
  // The consultation's state and its payment's (issue 20: doctors see whether it was paid).
  ...stateColumns,
};

/** SQL of a doctor's own consultations: always filtered by the assigned doctor. */
export function doctorConsultationsRepository(db: Db) {
  return {
    /** The doctor's consultations, newest first, optionally by the patient's first name (folded prefix). */
    async list(filter: { doctorId: string; nombre?: string; after?: Keyset; limit: number }) {
      const conditions = [eq(consultations.doctor_id, filter.doctorId)];
      if (filter.nombre) conditions.push(nameOrReference(patients.nombre, consultations.numero, filter.nombre));
      if (filter.after) conditions.push(afterCursor(consultations.fecha_registro, consultations.id, filter.after));
      return db
        .select(rowColumns)
        .from(consultations)
        .innerJoin(patients, eq(patients.id, consultations.patient_id))
        .innerJoin(payments, eq(payments.id, consultations.payment_id))
        .leftJoin(chatRooms, eq(chatRooms.consultation_id, consultations.id))
        .where(and(...conditions))
        .orderBy(desc(consultations.fecha_registro), desc(consultations.id))
        .limit(filter.limit);
    },

    /** One consultation with its patient, only if this doctor is assigned to it. */
    async detail(token: string, doctorId: string) {
      const [row] = await db
        .select({
          ...rowColumns,
          c: consultations,
          nacionalidad: patients.nacionalidad,
          genero: patients.genero,
          edad: patients.edad,
          direccion: patients.direccion,
          country_code: patients.country_code,
          celular: patients.celular,
        })
        .from(consultations)
        .innerJoin(patients, eq(patients.id, consultations.patient_id))
        .innerJoin(payments, eq(payments.id, consultations.payment_id))
        .leftJoin(chatRooms, eq(chatRooms.consultation_id, consultations.id))
        .where(and(eq(consultations.token, token), eq(consultations.doctor_id, doctorId)));
      return row;
    },

    async images(consultationId: string) {
      return db
        .select({ file_id: consultationImages.file_id, nombre: files.nombre })
        .from(consultationImages)
        .innerJoin(files, eq(files.id, consultationImages.file_id))
        .where(eq(consultationImages.consultation_id, consultationId))
        .orderBy(asc(consultationImages.created_at));
    },

    /** The consultation by id with its patient's e-mail, only if this doctor is assigned to it. */
    async forUpdate(id: string, doctorId: string) {
      const [row] = await db
        .select({ id: consultations.id, token: consultations.token, patient_id: consultations.patient_id, correo: patients.correo })
        .from(consultations)
        .innerJoin(patients, eq(patients.id, consultations.patient_id))
        .where(and(eq(consultations.id, id), eq(consultations.doctor_id, doctorId)));
      return row;
    },

    /** The doctor's follow-up: analisis, plan, next visit and the reviewed flag. */
    async update(
      id: string,
      doctorId: string,
      values: { analisis: string | null; plan: string | null; fecha: string | null; hora: string | null; revisado: 0 | 1; updated_at: Date },
    ) {
      const rows = await db
        .update(consultations)
        .set(values)
        .where(and(eq(consultations.id, id), eq(consultations.doctor_id, doctorId)))
        .returning({ id: consultations.id });
      return rows.length === 1;
    },
  };
}
export type DoctorConsultationsRepository = ReturnType<typeof doctorConsultationsRepository>;
