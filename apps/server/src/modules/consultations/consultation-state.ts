import { eq, sql } from 'drizzle-orm';
import {
  consultationStateOf,
  consultationTransition,
  paymentViewStateOf,
  TIMERS,
  type ConsultationEvent,
  type ConsultationSnapshot,
  type ConsultationState,
  type ConsultationRefund,
} from '@clinica/shared';
import type { Db } from '../../db/client.js';
import { chatExtraHours, chatRooms, consultations, payments } from '../../db/schema.js';
import { AppError, notFound } from '../../infra/http/errors.js';

/**
 * The server's side of the consultation state machine (packages/shared/src/consultation-state.ts):
 * the columns the state is derived from, and the one check every transition goes through.
 */

/**
 * The columns of a consultation's state. A query that selects them joins `payments` on the
 * consultation's payment and left-joins `chat_rooms` on the consultation (every list and the
 * check below do).
 */
/**
 * Seconds left of a consultation's chat by the server's clock: the whole hour before the patient
 * first enters it. Here rather than in the chat module: the consultation lists show it too, and
 * the chat depends on consultations, never the other way round.
 */
export const chatSecondsLeft = (endsAt: Date | null | undefined, now: number) =>
  endsAt ? Math.max(0, Math.ceil((endsAt.getTime() - now) / 1000)) : TIMERS.chatSeconds;

export const stateColumns = {
  st_tipo: consultations.tipo_de_consulta,
  st_estado_consulta: consultations.estado_consulta,
  st_permiso: consultations.permiso_chat,
  st_pago_estado: payments.estado,
  st_motivo_rechazo: payments.motivo_rechazo,
  st_reembolso: payments.reembolso_estado,
  st_ends_at: chatRooms.ends_at,
  st_time_closed_at: chatRooms.time_closed_at,
  st_closed_at: chatRooms.closed_at,
  st_extra_pending: sql<boolean>`EXISTS (SELECT 1 FROM ${chatExtraHours} x JOIN ${payments} xp ON xp.id = x.payment_id
    WHERE x.consultation_id = ${consultations.id} AND xp.estado = 'pendiente')`.mapWith(Boolean),
};

/** A row with the state columns (left-joined room columns may be null). */
export interface StateRow {
  st_tipo: ConsultationSnapshot['tipo_de_consulta'];
  st_estado_consulta: number;
  st_permiso: boolean;
  st_pago_estado: ConsultationSnapshot['pago']['estado'];
  st_motivo_rechazo: string | null;
  st_reembolso: ConsultationRefund;
  st_ends_at: Date | null;
  st_time_closed_at: Date | null;
  st_closed_at: Date | null;
  st_extra_pending: boolean;
}

/** The refund of the consultation's own payment (`payments.reembolso_estado`, decision 0035). */
const refundOf = (row: StateRow): ConsultationRefund => row.st_reembolso ?? null;

export function snapshotOf(row: StateRow): ConsultationSnapshot {
  return {
    tipo_de_consulta: row.st_tipo,
    estado_consulta: row.st_estado_consulta,
    permiso_chat: row.st_permiso,
    pago: { estado: row.st_pago_estado, motivo_rechazo: row.st_motivo_rechazo },
    refund: refundOf(row),
    room: row.st_ends_at ? { ends_at: row.st_ends_at, time_closed_at: row.st_time_closed_at, closed_at: row.st_closed_at } : null,
    extra_hour_pending: Boolean(row.st_extra_pending),
  };
}

/** The API fields of a consultation's state: `estado`, `motivo_rechazo` when rejected, `tiempo_restante` in chat. */
export function stateFields(row: StateRow, now: number) {
  const snapshot = snapshotOf(row);
  const d = consultationStateOf(snapshot, now);
  return {
    estado: d.estado,
    estado_tipo: d.tipo,
    motivo_rechazo: d.motivo_rechazo,
    tiempo_restante: d.tiempo_restante,
    estado_pago_vista: paymentViewStateOf(snapshot.pago, snapshot.refund),
  };
}

/** Reads a consultation's state inside `exec` (a transaction locks the consultation's row first). */
export async function readState(exec: Db, consultationId: string, lock = false) {
  if (lock) await exec.select({ id: consultations.id }).from(consultations).where(eq(consultations.id, consultationId)).for('update');
  const [row] = await exec
    .select(stateColumns)
    .from(consultations)
    .innerJoin(payments, eq(payments.id, consultations.payment_id))
    .leftJoin(chatRooms, eq(chatRooms.consultation_id, consultations.id))
    .where(eq(consultations.id, consultationId));
  return row ? snapshotOf(row) : undefined;
}

/**
 * The one check of every change the product makes to a consultation: derives its state from the
 * database and refuses an illegal `event` with the catalogue's reason (409), before anything is
 * written. `adjust` lets a caller that already changed a row in its transaction (a payment just
 * rejected) check against the state before that change.
 */
export async function assertTransition(
  exec: Db,
  consultationId: string,
  event: ConsultationEvent,
  now: number,
  options: { lock?: boolean; adjust?: (s: ConsultationSnapshot) => ConsultationSnapshot } = {},
): Promise<{ from: ConsultationState; to: ConsultationState }> {
  const read = await readState(exec, consultationId, options.lock);
  if (!read) throw notFound();
  const snapshot = options.adjust ? options.adjust(read) : read;
  const result = consultationTransition(consultationStateOf(snapshot, now), event);
  if (!result.ok) throw new AppError(409, result.message);
  return { from: result.from, to: result.to };
}
