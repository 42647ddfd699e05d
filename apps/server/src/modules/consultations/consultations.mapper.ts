import { messages, type ActiveConsultation, type AuthorisationStatus } from '@clinica/shared';
import type { SessionAccount } from '../auth/index.js';
import { toClinicalHistory } from './clinical-history.js';
import { chatSecondsLeft, stateFields } from './consultation-state.js';
import type { ConsultationsRepository } from './consultations.repository.js';
import type { ActiveRow, WaitingEstado, WaitingFacts } from './consultations.service.js';

/**
 * The consultations' wire shapes (decisions 0037, 0047): the routes map what the service returns
 * (rows, states) with these; no answer is built in the service.
 */

/** Where the chat page connects: the product's own chat (issue 4 serves it). */
export const CHAT_API_PATH = '/api/chat';

type Row = Awaited<ReturnType<ConsultationsRepository['list']>>[number];
type Detail = NonNullable<Awaited<ReturnType<ConsultationsRepository['detail']>>>;

const bit = (n: number): 0 | 1 => (n === 1 ? 1 : 0);

/**
 * Who reads the answer: staff see the doctor's e-mail address, the patient never does (only the
 * doctor's name and specialty; decision 0049, session 10).
 */
export type Reader = 'patient' | 'staff';

export const toRow = (r: Row, now: number, reader: Reader) => ({
  ...stateFields(r, now),
  id: r.id,
  token: r.token,
  numero: r.numero,
  // The token is random and opaque already; token_encrypt is kept for the specification's field list.
  token_encrypt: r.token,
  nombre: r.nombre,
  apellido: r.apellido,
  cedula: r.cedula,
  correo: r.correo,
  servicio: r.servicio,
  correo_doctor: reader === 'staff' ? r.correo_doctor : null,
  nombre_doctor: `${r.doctor_nombre} ${r.doctor_apellido}`,
  especialidad_doctor: r.doctor_especialidad,
  fecha_registro: r.fecha_registro.toISOString(),
  tipo_de_consulta: r.tipo_de_consulta,
  estado_consulta: bit(r.estado_consulta),
  revisado: bit(r.revisado),
  metodo_de_pago: r.metodo_de_pago,
  estado_pago: r.estado_pago,
});

/** The whole consultation; file addresses point at the caller's own download routes. */
export function toDetail(d: Detail, images: { file_id: string; nombre: string }[], base: string, receiptsBase: string, now: number, reader: Reader) {
  return {
    ...toRow(d, now, reader),
    nacionalidad: d.nacionalidad,
    genero: d.genero,
    edad: d.edad,
    direccion: d.direccion,
    celular: `${d.country_code} ${d.celular}`,
    ...toClinicalHistory(d),
    archivo_examenes_encrypted: d.archivo_examenes_file_id ? `${base}/${d.token}/exam-file` : null,
    imagenes: images.map((i) => ({ url: `${base}/${d.token}/images/${i.file_id}`, nombre: i.nombre })),
    permiso_chat: d.permiso_chat,
    pago: {
      token: d.payment_token,
      numero: d.payment_numero,
      metodo_de_pago: d.metodo_de_pago,
      monto: d.monto_cents / 100,
      estado: d.estado_pago,
      motivo_rechazo: d.motivo_rechazo,
      Link_Comprobante: d.comprobante_file_id ? `${receiptsBase}/${d.payment_token}/comprobante` : null,
      Nombre_Comprobante: d.comprobante_nombre,
      posible_duplicado: d.posible_duplicado,
    },
  };
}

/** Session check of the consultation page: usuario_id, and whether requests are accepted now. */
export const toSessionInfo = (patient: SessionAccount, abierto: boolean) => ({
  usuario_id: patient.accountId,
  abierto,
  mensaje: abierto ? null : messages.consultationOutsideHours,
});

/** What the waiting page tells the patient in each state. */
function waitingMessage(estado: WaitingEstado, c: Pick<WaitingFacts, 'motivo_rechazo'>): string | null {
  switch (estado) {
    case 'rechazada':
      return `${messages.paymentRejectedPrefix}${c.motivo_rechazo ?? ''}`;
    case 'emergencia':
      return messages.waitingTipoC;
    case 'cerrada':
      return messages.consultationClosed;
    case 'autorizada':
      return null;
    case 'sin_permiso':
      return messages.chatPermissionRemoved;
    case 'pendiente':
      return messages.waitingForChat;
  }
}

/** The waiting page's poll: the consultation's state and what to tell the patient (none: 'sin_consulta'). */
export function toAuthorisation(found: { c: WaitingFacts & { token: string }; estado: WaitingEstado } | undefined): AuthorisationStatus {
  if (!found) return { authenticated: false, estado: 'sin_consulta', message: null, token: null };
  const { c, estado } = found;
  return { authenticated: estado === 'autorizada', estado, message: waitingMessage(estado, c), token: c.token };
}

/** The way back (decision 0032): a consultation waiting for the clinic, or an open chat with its seconds left. */
export function toActiveConsultation({ c, estado }: { c: ActiveRow; estado: 'pendiente' | 'chat' }, now: number): ActiveConsultation {
  const base = {
    token: c.token,
    servicio: c.servicio,
    doctor: `Dr(a). ${`${c.doctor_nombre} ${c.doctor_apellido}`.trim()}`,
    fecha_registro: c.fecha_registro.toISOString(),
    metodo_de_pago: c.metodo_de_pago,
  };
  return estado === 'pendiente'
    ? { ...base, estado: 'pendiente', segundos_restantes: null, ends_at: null }
    : { ...base, estado: 'chat', segundos_restantes: chatSecondsLeft(c.ends_at, now), ends_at: c.ends_at?.toISOString() ?? null };
}

/** The chat's session check: who the patient is and which consultation's chat the page opens. */
export const toChatSession = (patient: SessionAccount, c: { id: string; token: string }) => ({
  usuario_id: patient.accountId,
  correo: patient.correo,
  nombre: patient.nombre,
  apellido: patient.apellido,
  pago: true,
  api: CHAT_API_PATH,
  consulta_id: c.id,
  consulta_token: c.token,
});
