import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { matchesBlindIndex } from '../../db/field-crypto.js';
import type { DocumentType } from '@clinica/shared';
import type { Db } from '../../db/client.js';
import { foldedPrefix, likeEscaped } from '../../infra/http/name-search.js';
import { afterCursorAscending, cursorText, type Keyset } from '../../infra/http/keyset.js';
import { consultations, doctorDocumentProfiles, documents, files, patients, staff } from '../../db/schema.js';
import { takeDocumentNumber } from './documents.numbering.js';
import { annulmentColumns } from './documents.annul.js';

export type NewFile = typeof files.$inferInsert;
export type NewDocument = Omit<typeof documents.$inferInsert, 'id' | 'file_id'>;

const listColumns = {
  id: documents.id,
  tipo: documents.tipo,
  nombre_pdf: documents.nombre_pdf,
  created_at: documents.created_at,
  codigo: documents.codigo,
  file_id: documents.file_id,
  ...annulmentColumns,
};

/**
 * "This doctor's patient": a consultation with them, or an appointment paid for or awaiting its
 * receipt's review (a held or cancelled slot is not a visit). The one definition used by the
 * search, the lookup and the issue (docs/decisions/0024).
 */
const treatedBy = (doctorId: string) => sql<boolean>`(
  EXISTS (SELECT 1 FROM consultations c WHERE c.patient_id = "patients"."id" AND c.doctor_id = ${doctorId})
  OR EXISTS (SELECT 1 FROM appointments a WHERE a.patient_id = "patients"."id" AND a.doctor_id = ${doctorId} AND a.estado IN ('pendiente', 'confirmada')))`;


/** SQL of the generated documents and of the doctors' document profiles. */
export function documentsRepository(db: Db) {
  return {
    async findProfile(staffId: string) {
      const [row] = await db
        .select({ signature_file_id: doctorDocumentProfiles.signature_file_id })
        .from(doctorDocumentProfiles)
        .where(eq(doctorDocumentProfiles.staff_id, staffId));
      return row;
    },

    /**
     * Saves the doctor's signature: with a new one, also its file row. Returns the id of the
     * signature file it replaced, for the caller to delete.
     */
    async saveProfile(staffId: string, signature?: NewFile) {
      return db.transaction(async (tx) => {
        const [old] = await tx
          .select({ signature_file_id: doctorDocumentProfiles.signature_file_id })
          .from(doctorDocumentProfiles)
          .where(eq(doctorDocumentProfiles.staff_id, staffId))
          .for('update');
        if (signature) await tx.insert(files).values(signature);
        const signatureFileId = signature?.id ?? old?.signature_file_id;
        if (!signatureFileId) return { saved: false as const };
        await tx
          .insert(doctorDocumentProfiles)
          .values({ staff_id: staffId, signature_file_id: signatureFileId, updated_at: new Date() })
          .onConflictDoUpdate({
            target: doctorDocumentProfiles.staff_id,
            set: { signature_file_id: signatureFileId, updated_at: new Date() },
          });
        const replaced = signature && old && old.signature_file_id !== signature.id ? old.signature_file_id : null;
        if (replaced) await tx.delete(files).where(eq(files.id, replaced));
        return { saved: true as const, replaced };
      });
    },

    /**
     * A patient by account id or e-mail, with whether they are this doctor's patient: one query
     * whatever the answer, so an unknown person and somebody else's patient cost the same.
     */
    async findPatientFor(doctorId: string, by: { id: string } | { correo: string }) {
      const [row] = await db
        .select({
          id: patients.id,
          correo: patients.correo,
          nombre: patients.nombre,
          apellido: patients.apellido,
          cedula: patients.cedula,
          edad: patients.edad,
          genero: patients.genero,
          direccion: patients.direccion,
          country_code: patients.country_code,
          celular: patients.celular,
          mine: treatedBy(doctorId),
        })
        .from(patients)
        // By e-mail, only a verified address: an unverified registration may be anyone's (decision 0023).
        .where('id' in by ? eq(patients.id, by.id) : and(eq(patients.correo, by.correo), isNotNull(patients.email_verified_at)));
      return row;
    },

    /** The patient's latest consultation with this doctor: its history and vital signs (decrypted by the columns). */
    async latestConsultation(patientId: string, doctorId: string) {
      const [row] = await db
        .select({
          fecha_registro: consultations.fecha_registro,
          sintomas: consultations.sintomas,
          antecedentes_personales: consultations.antecedentes_personales,
          antecedentes_familiares: consultations.antecedentes_familiares,
          antecedentes_quirurgicos: consultations.antecedentes_quirurgicos,
          alergias: consultations.alergias,
          peso: consultations.peso,
          talla: consultations.talla,
          presion_arterial: consultations.presion_arterial,
          frecuencia_cardiaca: consultations.frecuencia_cardiaca,
          frecuencia_respiratoria: consultations.frecuencia_respiratoria,
        })
        .from(consultations)
        .where(and(eq(consultations.patient_id, patientId), eq(consultations.doctor_id, doctorId)))
        .orderBy(desc(consultations.fecha_registro))
        .limit(1);
      return row;
    },

    /** Up to 10 of this doctor's patients whose name contains `q`, or whose cédula is `q` (exact: the cédula is encrypted and found by its blind index, decision 0030). */
    async searchPatientsOf(doctorId: string, q: string) {
      const pattern = likeEscaped(q);
      return db
        .select({ id: patients.id, nombre: patients.nombre, apellido: patients.apellido, cedula: patients.cedula })
        .from(patients)
        .where(
          and(
            sql`(clinica_fold(${patients.nombre} || ' ' || ${patients.apellido}) LIKE '%' || clinica_fold(${pattern}) || '%'
              OR ${matchesBlindIndex(patients.cedula_hmac, q)})`,
            treatedBy(doctorId),
          ),
        )
        .orderBy(asc(patients.apellido), asc(patients.nombre))
        .limit(10);
    },

    /**
     * Issues a numbered document: in one transaction, takes the next number of its type and year
     * (the counter's row stays locked until commit, so concurrent issues queue and a failure rolls
     * the number back: unique and gap-free), lets `build` render the PDF with that number, and
     * inserts its file row and the document. Nothing else runs inside: `build` must not query.
     */
    async insertNumbered(
      tipo: DocumentType,
      year: number,
      build: (numero: string) => Promise<{ document: NewDocument & { created_at: Date }; file: NewFile & { id: string } }>,
    ) {
      return db.transaction(async (tx) => {
        const numero = await takeDocumentNumber(tx, tipo, year);
        const { document, file } = await build(numero);
        await tx.insert(files).values(file);
        const [row] = await tx
          .insert(documents)
          .values({ ...document, numero, file_id: file.id })
          .returning({ id: documents.id, created_at: documents.created_at });
        return { id: row!.id, numero };
      });
    },

    async listByDoctor(staffId: string, tipo: DocumentType) {
      return db
        .select({ ...listColumns, correo_paciente: documents.correo_paciente, patient_id: documents.patient_id, nombre_paciente: documents.nombre_paciente })
        .from(documents)
        .where(and(eq(documents.staff_id, staffId), eq(documents.tipo, tipo)))
        .orderBy(desc(documents.created_at))
        .limit(500);
    },

    async findForDoctor(id: string, staffId: string, tipo: DocumentType) {
      const [row] = await db
        .select({ nombre_pdf: documents.nombre_pdf, file_id: documents.file_id, encrypted: files.encrypted })
        .from(documents)
        .leftJoin(files, eq(files.id, documents.file_id))
        .where(and(eq(documents.id, id), eq(documents.staff_id, staffId), eq(documents.tipo, tipo)));
      return row;
    },

    /** The documents bound to this patient account (never matched by e-mail: docs/decisions/0024). */
    async listByPatient(patientId: string) {
      return db
        .select({ ...listColumns, doctor_nombre: staff.nombre, doctor_apellido: staff.apellido })
        .from(documents)
        .innerJoin(staff, eq(staff.id, documents.staff_id))
        .where(eq(documents.patient_id, patientId))
        .orderBy(desc(documents.created_at))
        .limit(500);
    },

    async findForPatient(id: string, patientId: string) {
      const [row] = await db
        .select({ nombre_pdf: documents.nombre_pdf, file_id: documents.file_id, encrypted: files.encrypted })
        .from(documents)
        .leftJoin(files, eq(files.id, documents.file_id))
        .where(and(eq(documents.id, id), eq(documents.patient_id, patientId)));
      return row;
    },

    /**
     * The documents bound to no account, oldest first (they wait for an administrator), by keyset
     * pages; `nombre` is the staff lists' folded first-name search of the name the form carried.
     */
    async listUnlinked(q: { nombre?: string | undefined; after?: Keyset | undefined; limit: number }) {
      return db
        .select({
          ...listColumns,
          correo_paciente: documents.correo_paciente,
          nombre_paciente: documents.nombre_paciente,
          cedula_paciente: documents.cedula_paciente,
          doctor_nombre: staff.nombre,
          doctor_apellido: staff.apellido,
          cursor_at: cursorText(documents.created_at),
        })
        .from(documents)
        .innerJoin(staff, eq(staff.id, documents.staff_id))
        .where(
          and(
            isNull(documents.patient_id),
            q.nombre ? foldedPrefix(documents.nombre_paciente, q.nombre) : undefined,
            q.after ? afterCursorAscending(documents.created_at, documents.id, q.after) : undefined,
          ),
        )
        .orderBy(asc(documents.created_at), asc(documents.id))
        .limit(q.limit);
    },

    async findUnlinked(id: string) {
      const [row] = await db
        .select({ id: documents.id, cedula_paciente: documents.cedula_paciente, nombre_pdf: documents.nombre_pdf })
        .from(documents)
        .where(and(eq(documents.id, id), isNull(documents.patient_id)));
      return row;
    },

    /** The patient accounts holding this cédula (cédulas are not unique across accounts). */
    async patientsWithCedula(cedula: string) {
      return db
        .select({ id: patients.id, nombre: patients.nombre, apellido: patients.apellido, cedula: patients.cedula, correo: patients.correo })
        .from(patients)
        // Verified accounts only: anyone can register someone else's cédula with an address they
        // control, so an unverified registration is never offered a document (decision 0023).
        .where(and(matchesBlindIndex(patients.cedula_hmac, cedula), isNotNull(patients.email_verified_at)))
        .orderBy(asc(patients.apellido), asc(patients.nombre))
        .limit(20);
    },

    async findPatient(id: string) {
      const [row] = await db
        .select({ id: patients.id, nombre: patients.nombre, apellido: patients.apellido, cedula: patients.cedula, correo: patients.correo })
        .from(patients)
        .where(and(eq(patients.id, id), isNotNull(patients.email_verified_at)));
      return row;
    },

    /** Binds a still unlinked document to an account; false when somebody linked it meanwhile. */
    async link(id: string, patientId: string) {
      const rows = await db
        .update(documents)
        .set({ patient_id: patientId })
        .where(and(eq(documents.id, id), isNull(documents.patient_id)))
        .returning({ id: documents.id });
      return rows.length === 1;
    },

    async findByCode(codigo: string) {
      const [row] = await db
        .select({
          codigo: documents.codigo,
          tipo: documents.tipo,
          created_at: documents.created_at,
          doctor_nombre: staff.nombre,
          doctor_apellido: staff.apellido,
          sha256: files.sha256,
          doctor_titulo: staff.perfil_sexo,
          doctor_perfil: staff.perfil_nombre,
          ...annulmentColumns,
        })
        .from(documents)
        .innerJoin(staff, eq(staff.id, documents.staff_id))
        .leftJoin(files, eq(files.id, documents.file_id))
        .where(eq(documents.codigo, codigo));
      return row;
    },
  };
}
export type DocumentsRepository = ReturnType<typeof documentsRepository>;
