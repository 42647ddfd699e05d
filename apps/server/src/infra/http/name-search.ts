import { sql, type SQL, type AnyColumn } from 'drizzle-orm';
import { parseReferenceNumber } from '@clinica/shared';

/**
 * The one name search of every staff list (issue 21, docs/decisions/0039): accent- and
 * case-insensitive, matching from the start of the name, so 'maria' finds 'María José' and not
 * 'Rosamaría'. Folding is the database's IMMUTABLE `clinica_fold` (translate(), since PGlite has
 * no unaccent; migration 0005), applied to both sides, so the expression indexes on
 * `clinica_fold(nombre)` serve the search.
 */

/** The text with LIKE's own characters (`\`, `%`, `_`) escaped: a typed '%' is a percent sign. */
export const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `column` starts with `text`, both folded. */
export const foldedPrefix = (column: AnyColumn, text: string): SQL =>
  sql`clinica_fold(${column}) LIKE clinica_fold(${likeEscaped(text)}) || '%'`;

/**
 * The staff lists' search box (issue 23, decision 0045): the patient's first name, or the record's
 * short reference ("000123", "N.º 123") that the page shows instead of a UUID.
 */
export const nameOrReference = (name: AnyColumn, numero: AnyColumn, text: string): SQL => {
  const n = parseReferenceNumber(text);
  return n === null ? foldedPrefix(name, text) : sql`(${foldedPrefix(name, text)} OR ${numero} = ${n})`;
};
