import { sql, type SQL, type AnyColumn } from 'drizzle-orm';

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
