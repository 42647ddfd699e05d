import { z } from 'zod/mini';
import { messages } from '../messages.js';

// C0 controls (U+0000–U+001F), DEL and the C1 controls (U+007F–U+009F). PostgreSQL cannot store
// U+0000 at all (the whole statement fails), and the others are invisible in every page, PDF and
// e-mail that shows the text: a name or a symptom never needs one. Multi-line fields keep the
// line breaks and the tab a textarea can type (\t \n \r).
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const SINGLE_LINE_CONTROLS = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const MULTI_LINE_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// In a /u pattern a surrogate range matches only a half without its pair (String#isWellFormed is
// newer than some of the patients' phones).
const LONE_SURROGATE = /[\ud800-\udfff]/u;

/** Is `value` text a person typed: well-formed UTF-16 (no lone surrogate) without control characters? */
export function isCleanText(value: string, multiline = false) {
  return !LONE_SURROGATE.test(value) && !(multiline ? MULTI_LINE_CONTROLS : SINGLE_LINE_CONTROLS).test(value);
}

/**
 * The one text field of every input schema (JSON, multipart, query, WebSocket): refuses control
 * characters and lone surrogates with `messages.textInvalid`, then normalises to NFC, so that
 * 'José' typed on a Mac (NFD, e + U+0301) and on Windows (NFC, é) is one and the same name for
 * searches, uniqueness and the PDF. A zod/mini string: callers add their checks after these two with
 * `.check(z.trim(), z.minLength(…), z.maxLength(…))` (never classic methods); limits count the
 * normalised text.
 */
export const safeText = (params?: { error?: string; multiline?: boolean }) =>
  z
    .string(params?.error === undefined ? undefined : { error: params.error })
    .check(z.refine((v) => isCleanText(v, params?.multiline ?? false), { message: messages.textInvalid, abort: true }), z.normalize('NFC'));

/** A multi-line text field (a textarea): line breaks and tabs allowed. */
export const safeMultilineText = (params?: { error?: string }) => safeText({ ...params, multiline: true });
