import { sql, type SQL, type AnyColumn } from 'drizzle-orm';
import { messages } from '@clinica/shared';
import { badRequest } from './errors.js';
import { isUuid } from '../uuid.js';

/**
 * Keyset pagination of the lists ordered newest first by (timestamp, id). The cursor is opaque to
 * the browser: base64url of the last row's timestamp, as PostgreSQL's exact text (microseconds,
 * which a JavaScript Date would round), and its uuid.
 */
export interface Keyset {
  at: string;
  id: string;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/** Reads a cursor given by the browser; anything but one of ours is a 400. */
export function decodeCursor(cursor: string | undefined): Keyset | undefined {
  if (cursor === undefined) return undefined;
  const [at, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (extra !== undefined || !at || !id || !TIMESTAMP.test(at) || !isUuid(id))
    throw badRequest(messages.invalidRequest);
  return { at, id };
}

export const encodeCursor = (k: Keyset) => Buffer.from(`${k.at}|${k.id}`, 'utf8').toString('base64url');

/** The timestamp column as PostgreSQL's text (select it as the row's cursor key). */
export const cursorText = (column: AnyColumn) => sql<string>`${column}::text`;

/** Rows strictly after the cursor in (timestamp DESC, id DESC) order. */
export const afterCursor = (at: AnyColumn, id: AnyColumn, k: Keyset): SQL =>
  sql`(${at}, ${id}) < (${k.at}::timestamptz, ${k.id}::uuid)`;

/**
 * Rows strictly after the cursor in (timestamp ASC, id ASC) order: a queue read oldest first
 * (the documents waiting for an administrator, decision 0047).
 */
export const afterCursorAscending = (at: AnyColumn, id: AnyColumn, k: Keyset): SQL =>
  sql`(${at}, ${id}) > (${k.at}::timestamptz, ${k.id}::uuid)`;

/** Cuts the `limit + 1` rows a query read into a page and the next page's cursor. */
export function toPage<R extends { cursor_at: string; id: string }, T>(rows: R[], limit: number, map: (r: R) => T) {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(map),
    next_cursor: rows.length > limit && last ? encodeCursor({ at: last.cursor_at, id: last.id }) : null,
  };
}

