import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DocumentType } from '@clinica/shared';
import type { Db } from '../../db/client.js';
import { doctorDocumentProfiles, documents, files, patients, staff } from '../../db/schema.js';

export type NewFile = typeof files.$inferInsert;
export type NewDocument = Omit<typeof documents.$inferInsert, 'id' | 'file_id'>;

const listColumns = {
  id: documents.id,
  tipo: documents.tipo,
  nombre_pdf: documents.nombre_pdf,
  created_at: documents.created_at,
  codigo: documents.codigo,
  file_id: documents.file_id,
};

/** The patient, when they have verified the document's address (the join of a patient's own documents). */
const verifiedOwner = (patientId: string) =>
  and(eq(patients.id, patientId), eq(patients.correo, documents.correo_paciente), isNotNull(patients.email_verified_at));

/** SQL of the generated documents and of the doctors' document profiles. */
export function documentsRepository(db: Db) {
  return {
    async findProfile(staffId: string) {
      const [row] = await db
        .select({
          reg_number: doctorDocumentProfiles.reg_number,
          doctor_code: doctorDocumentProfiles.doctor_code,
          signature_file_id: doctorDocumentProfiles.signature_file_id,
        })
        .from(doctorDocumentProfiles)
        .where(eq(doctorDocumentProfiles.staff_id, staffId));
      return row;
    },

    /**
     * Creates or updates the doctor's profile; with a new signature, also its file row. Returns
     * the id of the signature file it replaced, for the caller to delete.
     */
    async saveProfile(staffId: string, data: { reg_number: string; doctor_code: string }, signature?: NewFile) {
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
          .values({ staff_id: staffId, ...data, signature_file_id: signatureFileId, updated_at: new Date() })
          .onConflictDoUpdate({
            target: doctorDocumentProfiles.staff_id,
            set: { ...data, signature_file_id: signatureFileId, updated_at: new Date() },
          });
        const replaced = signature && old && old.signature_file_id !== signature.id ? old.signature_file_id : null;
        if (replaced) await tx.delete(files).where(eq(files.id, replaced));
        return { saved: true as const, replaced };
      });
    },

    async findPatientByEmail(correo: string) {
      const [row] = await db
        .select({
          nombre: patients.nombre,
          apellido: patients.apellido,
          cedula: patients.cedula,
          edad: patients.edad,
          genero: patients.genero,
          direccion: patients.direccion,
          country_code: patients.country_code,
          celular: patients.celular,
        })
        .from(patients)
        // An unverified registration of the address may be anyone's: never offered (issue 18).
        .where(and(eq(patients.correo, correo), isNotNull(patients.email_verified_at)));
      return row;
    },

    /** Inserts the PDF's file row and the document in one statement (one round trip, atomic). */
    async insertDocument(document: NewDocument & { created_at: Date }, file: NewFile & { id: string }) {
      const fileRow = db.$with('file_row').as(db.insert(files).values(file).returning({ id: files.id }));
      const [row] = await db
        .with(fileRow)
        .insert(documents)
        .select(
          db
            .select({
              id: sql`gen_random_uuid()`.as('id'),
              tipo: sql`${document.tipo}`.as('tipo'),
              codigo: sql`${document.codigo}`.as('codigo'),
              staff_id: sql`${document.staff_id}::uuid`.as('staff_id'),
              correo_paciente: sql`${document.correo_paciente}`.as('correo_paciente'),
              nombre_pdf: sql`${document.nombre_pdf}`.as('nombre_pdf'),
              file_id: fileRow.id,
              created_at: sql`${document.created_at.toISOString()}::timestamptz`.as('created_at'),
            })
            .from(fileRow),
        )
        .returning({ id: documents.id, created_at: documents.created_at });
      return row!;
    },

    async listByDoctor(staffId: string, tipo: DocumentType) {
      return db
        .select({ ...listColumns, correo_paciente: documents.correo_paciente })
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

    /**
     * The documents made out to the patient's address, only once the patient has verified it:
     * registering someone else's address shows nothing (issue 18, decision 0023).
     */
    async listByPatientEmail(patientId: string, correo: string) {
      return db
        .select({ ...listColumns, doctor_nombre: staff.nombre, doctor_apellido: staff.apellido })
        .from(documents)
        .innerJoin(staff, eq(staff.id, documents.staff_id))
        .innerJoin(patients, verifiedOwner(patientId))
        .where(eq(documents.correo_paciente, correo))
        .orderBy(desc(documents.created_at))
        .limit(500);
    },

    async findForPatient(id: string, patientId: string, correo: string) {
      const [row] = await db
        .select({ nombre_pdf: documents.nombre_pdf, file_id: documents.file_id, encrypted: files.encrypted })
        .from(documents)
        .innerJoin(patients, verifiedOwner(patientId))
        .leftJoin(files, eq(files.id, documents.file_id))
        .where(and(eq(documents.id, id), eq(documents.correo_paciente, correo)));
      return row;
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
