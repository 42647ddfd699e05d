import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import { messages } from '@clinica/shared';
import { badRequest } from './errors.js';

const CATALOGUE = new Set<string>(Object.values(messages));

/**
 * Turns validation issues into the answer a form shows: one message per field and a summary.
 * An empty required field says 'complete todos los campos obligatorios'; otherwise the first
 * field's own message (e.g. 'El número no es válido.'). A message that is not in the catalogue
 * (zod's own English for a wrong type) becomes the generic Spanish one, so only catalogue
 * text ever leaves the server.
 */
export function summariseIssues(issues: readonly { path: string; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path === '' ? '_' : issue.path;
    errors[key] ??= CATALOGUE.has(issue.message) ? issue.message : messages.invalidRequest;
  }
  const all = Object.values(errors);
  const message = all.includes(messages.missingFields) ? messages.missingFields : (all[0] ?? messages.invalidRequest);
  return { message, errors };
}

// U+0000 (PostgreSQL refuses the whole statement that carries it) and a surrogate without its
// pair (not UTF-8 at all): no text field may hold them, whichever schema reads it.
// eslint-disable-next-line no-control-regex -- finding U+0000 is the point
const UNSTORABLE = /\u0000|[\ud800-\udfff]/u;

/**
 * Does any string of a parsed body, query or form (keys included) hold a character no text field
 * may store? The shared `safeText` refuses these and every other control character field by field;
 * this is the net under it, for a field a schema reads without it (issue 19).
 */
export function holdsUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => holdsUnstorableText(v, depth + 1));
  return Object.entries(value as Record<string, unknown>).some(
    ([k, v]) => UNSTORABLE.test(k) || holdsUnstorableText(v, depth + 1),
  );
}

/** Parses with a shared schema or throws a 400 AppError carrying the form's messages. */
export function parseOrThrow<S extends $ZodType>(schema: S, input: unknown): output<S> {
  // zod's core parse: the shared schemas are zod/mini, a server-only one may be classic zod.
  const result = safeParse(schema, input);
  if (!result.success) {
    const { message, errors } = summariseIssues(
      result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
    );
    throw badRequest(message, errors);
  }
  return result.data;
}
