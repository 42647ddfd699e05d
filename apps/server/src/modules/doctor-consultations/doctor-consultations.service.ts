import { isNextVisitInPast, messages, panamaClock, type DoctorConsultationUpdate } from '@clinica/shared';
import { badRequest, notFound } from '../../infra/http/errors.js';
import { decodeCursor, toPage } from '../../infra/http/keyset.js';
import type { ExamFilesService } from '../records/index.js';
import type { TranscriptMessage } from '../chat/index.js';
import type { DoctorConsultationsRepository } from './doctor-consultations.repository.js';

/** Reads a consultation's chat transcript (the chat module provides it). */
export type TranscriptReader = (consultationId: string) => Promise<TranscriptMessage[]>;

/**
 * /Consultas_Admin_Doctor: a doctor sees and follows up only the consultations assigned to them
 * (docs/spec/decisions.md); another doctor's consultation answers 404, exactly like one that does not exist.
 */
export function doctorConsultationsService(deps: {
  repo: DoctorConsultationsRepository;
  exams: ExamFilesService;
  transcript: TranscriptReader;
  now: () => number;
}) {
  const { repo, exams } = deps;

  async function assigned(token: string, doctorId: string) {
    const row = await repo.detail(token, doctorId);
    if (!row) throw notFound();
    return row;
  }

  return {
    async list(doctorId: string, q: { nombre?: string; cursor?: string; limit: number }) {
      const rows = await repo.list({ doctorId, nombre: q.nombre || undefined, after: decodeCursor(q.cursor), limit: q.limit + 1 });
      // The patients shown, for the audit rows of the read (decision 0030).
      return { page: toPage(rows, q.limit, (r) => r), patientIds: rows.slice(0, q.limit).map((r) => r.patient_id) };
    },

    /** The modal's rows: the consultation and its patient, its chat images, exam files and transcript. */
    async detail(token: string, doctorId: string) {
      const row = await assigned(token, doctorId);
      const [images, examFiles, chat] = await Promise.all([repo.images(row.c.id), exams.list(row.c.id), deps.transcript(row.c.id)]);
      return { row, images, examFiles, chat };
    },

    /** actualizar_consulta_doctor.php: the correo must be the consultation's patient's. */
    async update(doctorId: string, input: DoctorConsultationUpdate) {
      const c = await repo.forUpdate(input.consulta_id, doctorId);
      if (!c) throw notFound();
      if (c.correo !== input.correo) throw badRequest(messages.consultationEmailMismatch, { correo: messages.consultationEmailMismatch });
      // A next visit is in the future (issue 22): Panama's date and time by the server's clock.
      if (isNextVisitInPast(input.fecha, input.hora, panamaClock(deps.now()))) {
        throw badRequest(messages.nextVisitInPast, { fecha: messages.nextVisitInPast });
      }
      const ok = await repo.update(c.id, doctorId, {
        analisis: input.analisis === '' ? null : input.analisis,
        plan: input.plan === '' ? null : input.plan,
        fecha: input.fecha === '' ? null : input.fecha,
        hora: input.hora === '' ? null : input.hora,
        revisado: input.revisado,
        updated_at: new Date(deps.now()),
      });
      if (!ok) throw notFound();
      return c;
    },

    async uploadExam(token: string, doctorId: string, file: { bytes: Buffer; filename: string; field: string }) {
      const d = await assigned(token, doctorId);
      await exams.upload(d.id, file, { role: 'doctor', accountId: doctorId });
      return d;
    },

    assigned,

    async readExam(token: string, doctorId: string, fileId: string) {
      const d = await assigned(token, doctorId);
      return { consultation: d, file: await exams.readExam(d.id, fileId) };
    },

    async readImage(token: string, doctorId: string, fileId: string) {
      const d = await assigned(token, doctorId);
      return { consultation: d, file: await exams.readImage(d.id, fileId) };
    },
  };
}
export type DoctorConsultationsService = ReturnType<typeof doctorConsultationsService>;
