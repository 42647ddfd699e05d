import type { FastifyRequest } from 'fastify';
import { isUuid } from './uuid.js';

/**
 * What the server's logs may hold (issue 19): what happened, where, and the request id to find
 * it; never what a person typed or is. No SQL parameters, request bodies, e-mail addresses,
 * cédulas, tokens, hashes or file names. The serializers below replace pino's own for `err` and
 * `req` (pino's `err` copies every enumerable field of an error: a failed statement's `params`,
 * PostgreSQL's `detail` with the duplicated value), and `scrubText` cleans what remains of a
 * message.
 */

const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+/g;
// Panamanian cédulas (8-123-456, PE-12-345, E-8-123456, N-20-1234, 1AV-12-345) and any other
// run of digits long enough to be an ID, a phone or a card number.
const CEDULA = /\b(?:PE|E|N|\d{1,2}(?:AV|PI)?)-\d{1,4}-\d{1,6}\b/gi;
const LONG_NUMBER = /\d[\d\s()-]{6,}\d/g;
const ARGON2 = /\$argon2[a-z]*\$[^\s"',]*/g;
// Session and reset tokens, hashes, keys: long runs of token characters (a uuid is an id, kept).
const TOKEN = /[A-Za-z0-9_+/=-]{20,}/g;
// A quoted value in a database message ('invalid input syntax for type uuid: "…"').
const QUOTED = /"[^"]*"|'[^']*'/g;

/** A message with personal values replaced by '[…]'. */
export function scrubText(text: string) {
  return text
    .replace(ARGON2, '[hash]')
    .replace(EMAIL, '[correo]')
    .replace(CEDULA, '[cédula]')
    .replace(TOKEN, (m) => (isUuid(m) ? m : '[token]'))
    .replace(LONG_NUMBER, '[número]')
    .slice(0, 500);
}

/** Only the "at …" lines of a stack: its first line repeats the message (a failed statement's parameters). */
const framesOf = (stack: unknown) =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((l) => l.trimStart().startsWith('at '))
        .slice(0, 12)
        .join('\n')
    : '';

/** The error as logged: its kind, codes and frames; a database error without its values. */
type LoggedError = { [key: string]: unknown; type: string; message: string; stack: string };

export function safeError(value: unknown, depth = 0): LoggedError {
  if (!(value instanceof Error)) {
    return {
      type: typeof value,
      message: scrubText(typeof value === 'string' ? value : (JSON.stringify(value) ?? '')),
      stack: '',
    };
  }
  const err = value as Error & Record<string, unknown>;
  const out: LoggedError = { type: err.constructor.name || err.name, message: '', stack: '' };
  for (const key of ['code', 'statusCode', 'severity', 'routine', 'constraint', 'table', 'column'] as const) {
    const v = err[key];
    if (typeof v === 'string' || typeof v === 'number') out[key] = v;
  }
  if (typeof err.query === 'string' && 'params' in err) {
    // Drizzle's failed statement: its SQL has $1… placeholders; the parameters stay out.
    out.message = 'Failed query';
    out.query = err.query.slice(0, 2000);
  } else if (typeof err.severity === 'string') {
    // A PostgreSQL (or PGlite) error: its message may quote the refused value.
    out.message = scrubText(err.message.replace(QUOTED, '"…"'));
  } else {
    out.message = scrubText(err.message);
  }
  out.stack = framesOf(err.stack);
  if (err.cause !== undefined && depth < 3) out.cause = safeError(err.cause, depth + 1);
  return out;
}

/** The request as logged: method, route pattern (never the path's tokens or the query), address. */
export function safeRequest(request: FastifyRequest) {
  const route = request.routeOptions?.url;
  return {
    method: request.method,
    url: route ?? scrubText((request.url ?? '').split('?')[0] ?? ''),
    remoteAddress: request.ip,
  };
}
