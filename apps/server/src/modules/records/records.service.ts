import { AUDIT_ACTIONS, AUDIT_OUTCOME_LABELS, AUDIT_ROLE_LABELS, type AuditAction, type PatientExport, type Profile } from '@clinica/shared';
import { notFound } from '../../infra/http/errors.js';
import type { AuditRepository } from '../audit/index.js';
import type { ExamFilesService } from './exam-files.service.js';
import type { RecordsRepository } from './records.repository.js';
import { toClinicalHistory } from '../consultations/index.js';

const PROFILE_IMAGE_BASE = '/api/patient/cedula-image';
const iso = (d: Date | null) => (d ? d.toISOString() : '');

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
    /** Usuarios.php: the read-only profile. */
    async profile(patientId: string): Promise<Profile> {
      const { patient: p, image_nombre } = await patientRow(patientId);
      return {
        nombre: p.nombre,
        apellido: p.apellido,
        edad: p.edad,
        genero: p.genero,
        nacionalidad: p.nacionalidad,
        cedula: p.cedula,
        direccion: p.direccion,
        celular: `${p.country_code} ${p.celular}`,
        correo: p.correo,
        url_img_cedula: p.image_cedula_file_id ? `${PROFILE_IMAGE_BASE}/${p.image_cedula_file_id}` : null,
        name_img_cedula: image_nombre,
      };
    },

    /** The patient's own ID-card image; any other file id answers 404. */
    async idImage(patientId: string, fileId: string) {
      const { patient } = await patientRow(patientId);
      if (patient.image_cedula_file_id !== fileId) throw notFound();
      return exams.readStored(fileId);
    },

    ownConsultation,

    async examFiles(token: string, patientId: string) {
      const c = await ownConsultation(token, patientId);
      return exams.list(c.id, `/api/consultations/${c.token}/exam-files`);
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
    async export(patientId: string): Promise<PatientExport> {
      const { patient: p, image_nombre } = await patientRow(patientId);
      const [consults, examFiles, pays, sugg, docs, accesses] = await Promise.all([
        repo.consultationsOf(patientId),
        repo.examFilesOfPatient(patientId),
        repo.paymentsOf(patientId),
        repo.suggestionsOf(patientId),
        repo.documentsOf(patientId),
        deps.audit.aboutPatient(patientId),
      ]);
      return {
        generado_at: new Date(deps.now()).toISOString(),
        aviso:
          'Copia de sus datos personales en la clínica (Ley 81 de 2019 de protección de datos personales de Panamá: derechos de acceso y portabilidad).',
        perfil: {
          nombre: p.nombre,
          apellido: p.apellido,
          edad: p.edad,
          genero: p.genero,
          nacionalidad: p.nacionalidad,
          cedula: p.cedula,
          direccion: p.direccion,
          country_code: p.country_code,
          celular: p.celular,
          correo: p.correo,
          acuerdo: p.acuerdo,
          acuerdo_at: iso(p.acuerdo_at),
          primera_consulta: p.primera_consulta,
          fecha_registro: iso(p.created_at),
          imagen_cedula: p.image_cedula_file_id
            ? { nombre: image_nombre ?? 'cedula', url: `${PROFILE_IMAGE_BASE}/${p.image_cedula_file_id}` }
            : null,
        },
        consultas: consults.map(({ c, medico, medico_apellido, correo_doctor }) => ({
          token: c.token,
          fecha_registro: iso(c.fecha_registro),
          servicio: c.servicio,
          medico: `${medico} ${medico_apellido}`,
          correo_doctor,
          ...toClinicalHistory(c),
          tipo_de_consulta: c.tipo_de_consulta,
          estado_consulta: c.estado_consulta,
          revisado: c.revisado,
          archivos_examenes: examFiles
            .filter((f) => f.consultation_id === c.id)
            .map((f) => ({
              nombre: f.nombre,
              subido_por: f.subido_por,
              fecha: iso(f.created_at),
              url: `/api/consultations/${f.token}/exam-files/${f.file_id}`,
            })),
        })),
        pagos: pays.map((x) => ({
          token: x.token,
          fecha: iso(x.created_at),
          proposito: x.proposito,
          servicio: x.servicio,
          monto: x.monto_cents / 100,
          moneda: x.moneda,
          metodo_de_pago: x.metodo_de_pago,
          estado: x.estado,
          motivo_rechazo: x.motivo_rechazo,
          revisado: x.revisado,
        })),
        sugerencias: sugg.map((s) => ({ sugerencia: s.sugerencia, fecha_registro: iso(s.fecha_registro) })),
        documentos: docs.map((d) => ({ nombre_pdf: d.nombre_pdf, tipo: d.tipo, created_at: iso(d.created_at) })),
        accesos: accesses.map((a) => ({
          fecha: iso(a.at),
          rol: AUDIT_ROLE_LABELS[a.actor_role],
          accion: AUDIT_ACTIONS[a.action as AuditAction] ?? a.action,
          resultado: AUDIT_OUTCOME_LABELS[a.outcome],
        })),
      };
    },
  };
}
export type RecordsService = ReturnType<typeof recordsService>;
