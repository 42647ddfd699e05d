import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  consultationExamFiles,
  consultationImages,
  consultations,
  documents,
  files,
  patients,
  payments,
  staff,
  suggestions,
} from '../../db/schema.js';

export type NewFileRow = typeof files.$inferInsert;
const doctor = alias(staff, 'doctor');

/** SQL of the patient's own records: profile, files, exam files and the export. */
export function recordsRepository(db: Db) {
  return {
    async profile(patientId: string) {
      const [row] = await db
        .select({ patient: patients, image_nombre: files.nombre })
        .from(patients)
        .leftJoin(files, eq(files.id, patients.image_cedula_file_id))
        .where(eq(patients.id, patientId));
      return row;
    },

    async fileMeta(fileId: string) {
      const [row] = await db.select().from(files).where(eq(files.id, fileId));
      return row;
    },

    /** The consultation of a token; with `scope`, only if it is that patient's or that doctor's. */
    async consultation(token: string, scope: { patientId?: string; doctorId?: string }) {
      const conditions = [eq(consultations.token, token)];
      if (scope.patientId) conditions.push(eq(consultations.patient_id, scope.patientId));
      if (scope.doctorId) conditions.push(eq(consultations.doctor_id, scope.doctorId));
      const [row] = await db
        .select({
          id: consultations.id,
          token: consultations.token,
          patient_id: consultations.patient_id,
          doctor_id: consultations.doctor_id,
          archivo_examenes_file_id: consultations.archivo_examenes_file_id,
        })
        .from(consultations)
        .where(and(...conditions));
      return row;
    },

    /** The consultation's exam files: how many and their bytes (the quota, decision 0030). */
    async examUsage(consultationId: string) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(${files.size}), 0)::bigint` })
        .from(consultationExamFiles)
        .innerJoin(files, eq(files.id, consultationExamFiles.file_id))
        .where(eq(consultationExamFiles.consultation_id, consultationId));
      return { n: row?.n ?? 0, bytes: Number(row?.bytes ?? 0) };
    },

    async examFiles(consultationId: string) {
      return db
        .select({
          file_id: consultationExamFiles.file_id,
          subido_por: consultationExamFiles.subido_por,
          created_at: consultationExamFiles.created_at,
          nombre: files.nombre,
        })
        .from(consultationExamFiles)
        .innerJoin(files, eq(files.id, consultationExamFiles.file_id))
        .where(eq(consultationExamFiles.consultation_id, consultationId))
        .orderBy(asc(consultationExamFiles.created_at));
    },

    async hasExamFile(consultationId: string, fileId: string) {
      const [row] = await db
        .select({ id: consultationExamFiles.id })
        .from(consultationExamFiles)
        .where(and(eq(consultationExamFiles.consultation_id, consultationId), eq(consultationExamFiles.file_id, fileId)));
      return row !== undefined;
    },

    async hasImage(consultationId: string, fileId: string) {
      const [row] = await db
        .select({ id: consultationImages.id })
        .from(consultationImages)
        .where(and(eq(consultationImages.consultation_id, consultationId), eq(consultationImages.file_id, fileId)));
      return row !== undefined;
    },

    /**
     * Records an exam file: its `files` row, its link to the consultation, and the consultation's
     * newest-exam pointer (what `archivo_examenes_encrypted` links to), in one transaction.
     */
    async insertExamFile(
      file: NewFileRow & { id: string },
      link: { consultationId: string; by: 'patient' | 'doctor'; accountId: string; at: Date },
    ) {
      await db.transaction(async (tx) => {
        await tx.insert(files).values(file);
        await tx.insert(consultationExamFiles).values({
          consultation_id: link.consultationId,
          file_id: file.id,
          subido_por: link.by,
          patient_id: link.by === 'patient' ? link.accountId : null,
          staff_id: link.by === 'doctor' ? link.accountId : null,
          created_at: link.at,
        });
        await tx
          .update(consultations)
          .set({ archivo_examenes_file_id: file.id, updated_at: link.at })
          .where(eq(consultations.id, link.consultationId));
      });
    },

    // --- the export (Ley 81 de 2019) -------------------------------------------------------------

    async consultationsOf(patientId: string) {
      return db
        .select({
          c: consultations,
          medico: doctor.nombre,
          medico_apellido: doctor.apellido,
          correo_doctor: doctor.correo,
        })
        .from(consultations)
        .innerJoin(doctor, eq(doctor.id, consultations.doctor_id))
        .where(eq(consultations.patient_id, patientId))
        .orderBy(desc(consultations.fecha_registro));
    },

    async examFilesOfPatient(patientId: string) {
      return db
        .select({
          consultation_id: consultationExamFiles.consultation_id,
          token: consultations.token,
          file_id: consultationExamFiles.file_id,
          subido_por: consultationExamFiles.subido_por,
          created_at: consultationExamFiles.created_at,
          nombre: files.nombre,
        })
        .from(consultationExamFiles)
        .innerJoin(consultations, eq(consultations.id, consultationExamFiles.consultation_id))
        .innerJoin(files, eq(files.id, consultationExamFiles.file_id))
        .where(eq(consultations.patient_id, patientId))
        .orderBy(asc(consultationExamFiles.created_at));
    },

    async paymentsOf(patientId: string) {
      return db.select().from(payments).where(eq(payments.patient_id, patientId)).orderBy(desc(payments.created_at));
    },

    async suggestionsOf(patientId: string) {
      return db
        .select({ sugerencia: suggestions.sugerencia, fecha_registro: suggestions.fecha_registro })
        .from(suggestions)
        .where(eq(suggestions.patient_id, patientId))
        .orderBy(desc(suggestions.fecha_registro));
    },

    /** The documents bound to the patient's account (never matched by e-mail: docs/decisions/0024). */
    async documentsOf(patientId: string) {
      return db
        .select({ nombre_pdf: documents.nombre_pdf, tipo: documents.tipo, created_at: documents.created_at })
        .from(documents)
        .where(eq(documents.patient_id, patientId))
        .orderBy(desc(documents.created_at));
    },
  };
}
export type RecordsRepository = ReturnType<typeof recordsRepository>;
