/** The longest name kept, in characters (code points: a cut never splits an emoji or a letter). */
const MAX_NAME = 120;

/**
 * The one cleaner of an uploaded file's name, as stored and shown to staff and patients (lists,
 * the gallery's captions, a download's Content-Disposition). The strictest of the cleaners it
 * replaced (payments', the chat's and the gallery's; decision 0038):
 * - only the last part of a path (either separator), so no name can point anywhere;
 * - control and invisible format characters dropped (a right-to-left override makes
 *   'gpj.exe' read 'exe.jpg'; a newline would split a header or a log line);
 * - anything but letters, marks, digits, space, '.', '_', '-', '(' and ')' becomes '_' (no quote,
 *   semicolon, percent or angle bracket reaches a header or a page);
 * - no leading dot (no '..', no hidden file), runs of spaces folded, NFC, at most 120 characters;
 * - nothing left: `fallback`.
 */
export function cleanFileName(name: string, fallback: string) {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu, '')
    .replace(/[^\p{L}\p{M}\p{N} ._()-]/gu, '_')
    .replace(/ {2,}/g, ' ')
    .replace(/^[. ]+/, '');
  return Array.from(clean).slice(0, MAX_NAME).join('').trim() || fallback;
}
