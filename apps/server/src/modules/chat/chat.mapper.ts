import type { ChatLine, ChatMessage, VideoPeer } from '@clinica/shared';
import { chatSecondsLeft, stateFields } from '../consultations/index.js';
import type { ChatConsultation, ChatMessageRow, ChatRoomRow } from './chat.repository.js';
import type { PublishedFrame } from './chat.pubsub.js';

/**
 * The chat's wire shapes (decisions 0037, 0047): the routes and the socket map the service's rows
 * with these; the service uses `toChatMessage` and `toTimeFrame` for the frames it publishes
 * (a push is a notification, sent from the service), so a message and the time read the same
 * whether they arrive live, in the history or by HTTP.
 */

const fullName = (nombre: string, apellido: string) => `${nombre} ${apellido}`.trim();
const doctorName = (c: { doctor_nombre: string; doctor_apellido: string }) => `Dr(a). ${fullName(c.doctor_nombre, c.doctor_apellido)}`;

/** One message as both sides see it: the sender's role and name, the text, the server's time, the page's id. */
export const toChatMessage = (c: ChatConsultation, m: ChatMessageRow): ChatMessage => ({
  id: m.id,
  de: m.sender_role,
  nombre: m.sender_role === 'patient' ? fullName(c.paciente_nombre, c.paciente_apellido) : doctorName(c),
  texto: m.body,
  fecha: m.created_at.toISOString(),
  cid: m.client_id,
});

/** What of a stored message the doctor's consultation modal shows. */
export type TranscriptMessage = Pick<ChatMessageRow, 'sender_role' | 'body' | 'created_at'>;

/** A line of the transcript in the doctor's consultation modal (exported for doctor-consultations' mapper). */
export const toChatLine = (m: TranscriptMessage): ChatLine => ({
  de: m.sender_role === 'patient' ? 'paciente' : 'doctor',
  texto: m.body,
  enviado_at: m.created_at.toISOString(),
});

/** The chat's time by the server's clock: the countdown both sides show. */
export const toTimeFrame = (room: Pick<ChatRoomRow, 'ends_at' | 'time_closed_at'>, now: number): PublishedFrame & { type: 'time' } => ({
  type: 'time',
  segundos_restantes: chatSecondsLeft(room.ends_at, now),
  ends_at: room.ends_at.toISOString(),
  tiempo_cerrado: room.time_closed_at !== null,
});

type OtherChat = Pick<ChatConsultation, 'token' | 'servicio' | 'doctor_nombre' | 'doctor_apellido' | 'fecha_registro'>;

/** GET /api/chat: the patient's chat and their other open chats (decision 0032). */
export const toChatState = (
  { c, others, images }: { c: ChatConsultation; others: OtherChat[]; images: number },
  now: number,
) => ({
  consulta_token: c.token,
  servicio: c.servicio,
  doctor: doctorName(c),
  segundos_restantes: chatSecondsLeft(c.ends_at, now),
  ends_at: c.ends_at?.toISOString() ?? null,
  tiempo_cerrado: c.time_closed_at !== null,
  formulario_enviado: c.peso !== null,
  imagenes: images,
  ws: '/api/chat/ws',
  fecha_registro: c.fecha_registro.toISOString(),
  otras_abiertas: others.map((o) => ({
    consulta_token: o.token,
    servicio: o.servicio,
    doctor: doctorName(o),
    fecha_registro: o.fecha_registro.toISOString(),
  })),
});

type DoctorChat = Parameters<typeof stateFields>[0] &
  Pick<ChatConsultation, 'token' | 'paciente_nombre' | 'paciente_apellido' | 'paciente_correo' | 'servicio' | 'fecha_registro' | 'ends_at'>;

/** A row of /Chat_Doctor; `ultimo` is the chat's last message, if any. */
export const toDoctorChatRow = (c: DoctorChat, ultimo: string | null, now: number) => ({
  ...stateFields(c, now),
  consulta_token: c.token,
  paciente: fullName(c.paciente_nombre, c.paciente_apellido),
  correo: c.paciente_correo,
  servicio: c.servicio,
  fecha_registro: c.fecha_registro.toISOString(),
  segundos_restantes: c.ends_at ? chatSecondsLeft(c.ends_at, now) : null,
  ultimo_mensaje: ultimo,
});

/** One of the doctor's chats with the health form and the images (addresses on the doctor's own route). */
export const toDoctorChatDetail = (
  { c, images, ultimo }: { c: ChatConsultation; images: { file_id: string; nombre: string }[]; ultimo: string | null },
  now: number,
) => ({
  ...stateFields(c, now),
  consulta_token: c.token,
  paciente: `${c.paciente_nombre} ${c.paciente_apellido}`,
  correo: c.paciente_correo,
  servicio: c.servicio,
  fecha_registro: c.fecha_registro.toISOString(),
  segundos_restantes: c.ends_at ? chatSecondsLeft(c.ends_at, now) : null,
  ultimo_mensaje: ultimo,
  sintomas: c.sintomas,
  peso: c.peso,
  talla: c.talla,
  presion_arterial: c.presion_arterial,
  frecuencia_cardiaca: c.frecuencia_cardiaca,
  frecuencia_respiratoria: c.frecuencia_respiratoria,
  imagenes: images.map((i) => ({ url: `/api/doctor/chats/${c.token}/images/${i.file_id}`, nombre: i.nombre })),
});

/** A video call's sender as the other side reads it (decision 0053): the names the chat shows, the doctor's registration number. */
export const toVideoPeer = (c: ChatConsultation, rol: 'patient' | 'doctor', registro: string | null): VideoPeer => ({
  rol,
  nombre: rol === 'patient' ? fullName(c.paciente_nombre, c.paciente_apellido) : doctorName(c),
  registro: rol === 'doctor' ? registro : null,
});
