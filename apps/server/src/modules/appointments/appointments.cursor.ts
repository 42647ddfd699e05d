import { messages } from '@clinica/shared';
import { badRequest } from '../../infra/http/errors.js';
import { isUuid } from '../../infra/uuid.js';

/**
 * The cursor of the appointment lists (docs/decisions/0022). The lists are ordered upcoming
 * first, soonest first, then past ones, latest first: which side of "now" a row falls on moves
 * with the clock, so the cursor carries the instant the first page was read (`ref`) and every
 * later page splits the list at that same instant. Then each row is on exactly one page. `at`
 * is the last row's start as PostgreSQL's text (exact), `id` its uuid.
 */
export interface AppointmentCursor {
  ref: string;
  at: string;
  id: string;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{3}Z$/;
const PG = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-](0\d|1[0-5])(:[0-5]\d)?$/;

/** A real calendar instant: the regex alone lets 2026-02-30 through, which PostgreSQL would refuse with a 500. */
function realInstant(m: RegExpExecArray | null) {
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const t = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return (
    t.getUTCFullYear() === y &&
    t.getUTCMonth() === mo - 1 &&
    t.getUTCDate() === d &&
    t.getUTCHours() === h &&
    t.getUTCMinutes() === mi &&
    t.getUTCSeconds() === s
  );
}

/** Reads a cursor given by the browser; anything but one of ours is a 400 with the catalogue's message. */
export function decodeAppointmentCursor(cursor: string | undefined): AppointmentCursor | undefined {
  if (cursor === undefined) return undefined;
  const [ref, at, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (
    extra !== undefined ||
    !ref ||
    !at ||
    !id ||
    !isUuid(id) ||
    !realInstant(ISO.exec(ref)) ||
    !realInstant(PG.exec(at))
  ) {
    throw badRequest(messages.pageCursorInvalid, { cursor: messages.pageCursorInvalid });
  }
  return { ref, at, id };
}

export const encodeAppointmentCursor = (c: AppointmentCursor) =>
  Buffer.from(`${c.ref}|${c.at}|${c.id}`, 'utf8').toString('base64url');
