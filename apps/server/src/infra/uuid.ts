/**
 * Whether a text is a UUID as PostgreSQL writes it (any version, either case). Checked before a
 * text reaches a `uuid` column's comparison, where anything else would be a database error (500)
 * rather than "not found".
 */
export const isUuid = (text: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);
