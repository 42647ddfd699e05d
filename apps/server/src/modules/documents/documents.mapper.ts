import {
  DOCUMENT_TITLES,
  doctorSignedName,
  messages,
  panamaClock,
  type ComparisonResult,
  type DoctorDocument,
  type DocumentListItem,
  type PatientDocument,
  type PatientLookup,
  type UnlinkedDocument,
  type VerificationResult,
} from '@clinica/shared';
import { annulmentOf } from './documents.annul.js';
import type { DocumentsRepository } from './documents.repository.js';
import type { DocumentsService } from './documents.service.js';

// The wire shapes of the documents' lists, lookups and verification (decision 0037: the route
// maps, the service returns rows).

type Repo = DocumentsRepository;
type Rows<K extends keyof Repo> = Repo[K] extends (...a: never[]) => Promise<infer R> ? R : never;

const GENDER_TO_SEX: Record<string, string> = { masculino: 'Hombre', femenino: 'Mujer' };

const toListItem = (
  r: { id: string; tipo: DocumentListItem['tipo']; nombre_pdf: string; created_at: Date; codigo: string; file_id: string | null } & Parameters<typeof annulmentOf>[0],
): DocumentListItem => ({
  id: r.id,
  tipo: r.tipo,
  nombre_pdf: r.nombre_pdf,
  created_at: r.created_at.toISOString(),
  codigo: r.codigo,
  disponible: r.file_id !== null,
  ...annulmentOf(r),
});

export const toDoctorDocument = (r: Rows<'listByDoctor'>[number]): DoctorDocument => ({
  ...toListItem(r),
  correoPaciente: r.correo_paciente,
  pacienteId: r.patient_id,
  nombrePaciente: r.nombre_paciente,
});

export const toPatientDocument = (r: Rows<'listByPatient'>[number]): PatientDocument => ({
  ...toListItem(r),
  titulo: DOCUMENT_TITLES[r.tipo],
  doctor: `${r.doctor_nombre} ${r.doctor_apellido}`,
});

export const toUnlinkedDocument = (r: Rows<'listUnlinked'>[number]): UnlinkedDocument => ({
  id: r.id,
  tipo: r.tipo,
  titulo: DOCUMENT_TITLES[r.tipo],
  nombre_pdf: r.nombre_pdf,
  codigo: r.codigo,
  created_at: r.created_at.toISOString(),
  doctor: `${r.doctor_nombre} ${r.doctor_apellido}`,
  nombre_paciente: r.nombre_paciente,
  cedula_paciente: r.cedula_paciente,
  correoPaciente: r.correo_paciente,
});

/** What the form may fill from the doctor's own patient and their latest consultation with this doctor. */
export function toPatientLookup(found: Awaited<ReturnType<DocumentsService['findPatient']>>): PatientLookup | null {
  const { patient: p, consultation: c } = found;
  if (!p) return null;
  const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  return {
    id: p.id,
    correo: p.correo,
    nombre: p.nombre,
    apellido: p.apellido,
    cedula: p.cedula,
    edad: String(p.edad),
    genero: GENDER_TO_SEX[p.genero] ?? '',
    direccion: p.direccion,
    country_code: p.country_code,
    celular: p.celular,
    consulta: c
      ? {
          fecha: panamaClock(c.fecha_registro.getTime()).date,
          sintomas: text(c.sintomas),
          antecedentesPersonales: text(c.antecedentes_personales),
          antecedentesFamiliares: text(c.antecedentes_familiares),
          antecedentesQuirurgicos: text(c.antecedentes_quirurgicos),
          alergias: text(c.alergias),
          peso: text(c.peso),
          talla: text(c.talla),
          presionArterial: text(c.presion_arterial),
          frecuenciaCardiaca: text(c.frecuencia_cardiaca),
          frecuenciaRespiratoria: text(c.frecuencia_respiratoria),
        }
      : null,
  };
}

/** Public: was a document with this code issued, of which kind, by whom, when. Nothing else. */
export const toVerification = (row: Awaited<ReturnType<DocumentsService['verify']>>): VerificationResult => ({
  emitido: true as const,
  codigo: row.codigo,
  tipo: row.tipo,
  titulo: DOCUMENT_TITLES[row.tipo],
  doctor: row.doctor_perfil ? doctorSignedName({ sexo: row.doctor_titulo ?? '', nombreCompleto: row.doctor_perfil }) : `${row.doctor_nombre} ${row.doctor_apellido}`,
  fecha: row.created_at.toISOString(),
  ...annulmentOf(row),
});

export const toComparison = (coincide: boolean): ComparisonResult => ({
  coincide,
  message: coincide ? messages.documentFileMatches : messages.documentFileDiffers,
});
