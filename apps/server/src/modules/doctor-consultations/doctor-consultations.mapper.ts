import type { ConsultationCall, DoctorConsultationDetail, DoctorConsultationRow } from '@clinica/shared';
import { stateFields, toClinicalHistory } from '../consultations/index.js';
import { toExamFile } from '../records/index.js';
import { toChatLine } from '../chat/index.js';
import type { DoctorConsultationsRepository } from './doctor-consultations.repository.js';
import type { DoctorConsultationsService } from './doctor-consultations.service.js';

// The wire shapes of /Consultas_Admin_Doctor (decision 0037: the route maps, the service returns rows).

type Row = Awaited<ReturnType<DoctorConsultationsRepository['list']>>[number];
type Detail = Awaited<ReturnType<DoctorConsultationsService['detail']>>;

export const DOCTOR_CONSULTATIONS_BASE = '/api/doctor/consultations';

const bit = (n: number) => (n === 1 ? 1 : 0);

/** One row of the list; `now` (the server's clock) gives the state's time left. */
export const toDoctorConsultationRow = (r: Row, now: number): DoctorConsultationRow => ({
  ...stateFields(r, now),
  id: r.id,
  token: r.token,
  numero: r.numero,
  nombre: r.nombre,
  apellido: r.apellido,
  cedula: r.cedula,
  correo: r.correo,
  fecha_registro: r.fecha_registro.toISOString(),
  servicio: r.servicio,
  revisado: bit(r.revisado),
  estado_consulta: bit(r.estado_consulta),
});

/** The modal: the row, the patient, the clinical history, the files (the doctor's own download routes), the chat and the video calls. */
export function toDoctorConsultationDetail(
  { row: d, images, examFiles, chat }: Detail,
  now: number,
  videollamadas: ConsultationCall[],
): DoctorConsultationDetail {
  const c = d.c;
  const base = `${DOCTOR_CONSULTATIONS_BASE}/${c.token}`;
  const files = examFiles.map((f) => toExamFile(f, `${base}/exam-files`));
  const newest = files.find((f) => f.id === c.archivo_examenes_file_id) ?? files[files.length - 1];
  return {
    videollamadas,
    ...toDoctorConsultationRow(d, now),
    nacionalidad: d.nacionalidad,
    genero: d.genero,
    edad: d.edad,
    direccion: d.direccion,
    celular: `${d.country_code} ${d.celular}`,
    ...toClinicalHistory(c),
    archivo_examenes_encrypted: newest ? newest.url : null,
    archivos_examenes: files,
    imagenes: images.map((i) => ({ url: `${base}/images/${i.file_id}`, nombre: i.nombre })),
    chat: chat.map(toChatLine),
  };
}
