import { notFound } from '../../infra/http/errors.js';
import type { AuditRepository } from '../audit/index.js';
import type { ExamFilesService } from './exam-files.service.js';
import type { RecordsRepository } from './records.repository.js';

/** The patient's own records: profile, ID image, exam files of their consultations, the export. */
export function recordsService(deps: { repo: RecordsRepository; exams: ExamFilesService; audit: AuditRepository; now: () => number }) {
  const { repo, exams } = deps;

  async function patientRow(patientId: string) {
    const row = await repo.profile(patientId);
    if (!row) throw notFound();
    return row;
  }

  /** The patient's consultation of this token; another patient's answers 404 like a missing one. */
  async function ownConsultation(token: string, patientId: string) {
    const c = await repo.consultation(token, { patientId });
    if (!c) throw notFound();
    return c;
  }

  return {
    /** Usuarios.php: the read-only profile (the patient's row and the ID image's name). */
    profile: patientRow,

    /** The patient's own ID-card image; any other file id answers 404. */
    async idImage(patientId: string, fileId: string) {
      const { patient } = await patientRow(patientId);
      if (patient.image_cedula_file_id !== fileId) throw notFound();
      return exams.readStored(fileId);
    },

    ownConsultation,

    async examFiles(token: string, patientId: string) {
      const c = await ownConsultation(token, patientId);
      return exams.list(c.id);
    },

    async uploadExam(token: string, patientId: string, file: { bytes: Buffer; filename: string; field: string }) {
      const c = await ownConsultation(token, patientId);
      await exams.upload(c.id, file, { role: 'patient', accountId: patientId });
      return c;
    },

    async readExam(token: string, patientId: string, fileId: string) {
      const c = await ownConsultation(token, patientId);
      return { consultation: c, file: await exams.readExam(c.id, fileId) };
    },

    /**
     * Everything the clinic keeps about the caller (Ley 81 de 2019: access and portability), as
     * one JSON document. Files are listed with their download addresses, not embedded.
     */
    async export(patientId: string) {
      const { patient, image_nombre } = await patientRow(patientId);
      const [consultations, examFiles, payments, suggestions, documents, accesses] = await Promise.all([
        repo.consultationsOf(patientId),
        repo.examFilesOfPatient(patientId),
        repo.paymentsOf(patientId),
        repo.suggestionsOf(patientId),
        repo.documentsOf(patientId),
        deps.audit.aboutPatient(patientId),
      ]);
      return { generatedAt: new Date(deps.now()), patient, image_nombre, consultations, examFiles, payments, suggestions, documents, accesses };
    },
  };
}
export type RecordsService = ReturnType<typeof recordsService>;
