import { AUDIT_ACTIONS, AUDIT_OUTCOME_LABELS, AUDIT_ROLE_LABELS, type AuditAction, type ExamFile, type PatientExport, type Profile } from '@clinica/shared';
import { toClinicalHistory } from '../consultations/index.js';
import type { RecordsRepository } from './records.repository.js';
import type { RecordsService } from './records.service.js';

// The wire shapes of the patient's records (decision 0037: the route maps, the service returns rows).

const PROFILE_IMAGE_BASE = '/api/patient/cedula-image';
const iso = (d: Date | null) => (d ? d.toISOString() : '');

type ExamFileRow = Awaited<ReturnType<RecordsRepository['examFiles']>>[number];

/** One exam file; `base` is the caller's own download prefix (…/exam-files), patient's or doctor's. */
export const toExamFile = (f: ExamFileRow, base: string): ExamFile => ({
  id: f.file_id,
  nombre: f.nombre,
  subido_por: f.subido_por,
  fecha: f.created_at.toISOString(),
  url: `${base}/${f.file_id}`,
});

type PatientRow = Awaited<ReturnType<RecordsService['profile']>>['patient'];

/** The identity fields the profile and the export both start with, in this order. */
const identityOf = (p: PatientRow) => ({
  nombre: p.nombre,
  apellido: p.apellido,
  edad: p.edad,
  genero: p.genero,
  nacionalidad: p.nacionalidad,
  cedula: p.cedula,
  direccion: p.direccion,
});

/** Usuarios.php: the read-only profile. */
export function toProfile({ patient: p, image_nombre }: Awaited<ReturnType<RecordsService['profile']>>): Profile {
  return {
    ...identityOf(p),
    celular: `${p.country_code} ${p.celular}`,
    correo: p.correo,
    url_img_cedula: p.image_cedula_file_id ? `${PROFILE_IMAGE_BASE}/${p.image_cedula_file_id}` : null,
    name_img_cedula: image_nombre,
  };
}

/**
 * Everything the clinic keeps about the caller (Ley 81 de 2019: access and portability), as
 * one JSON document. Files are listed with their download addresses, not embedded.
 */
export function toPatientExport(data: Awaited<ReturnType<RecordsService['export']>>): PatientExport {
  const { patient: p, image_nombre, examFiles } = data;
  return {
    generado_at: data.generatedAt.toISOString(),
    aviso:
      'Copia de sus datos personales en la clínica (Ley 81 de 2019 de protección de datos personales de Panamá: derechos de acceso y portabilidad).',
    perfil: {
      ...identityOf(p),
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
    consultas: data.consultations.map(({ c, medico, medico_apellido, correo_doctor }) => ({
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
    pagos: data.payments.map((x) => ({
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
    sugerencias: data.suggestions.map((s) => ({ sugerencia: s.sugerencia, fecha_registro: iso(s.fecha_registro) })),
    documentos: data.documents.map((d) => ({ nombre_pdf: d.nombre_pdf, tipo: d.tipo, created_at: iso(d.created_at) })),
    accesos: data.accesses.map((a) => ({
      fecha: iso(a.at),
      rol: AUDIT_ROLE_LABELS[a.actor_role],
      accion: AUDIT_ACTIONS[a.action as AuditAction] ?? a.action,
      resultado: AUDIT_OUTCOME_LABELS[a.outcome],
    })),
  };
}
