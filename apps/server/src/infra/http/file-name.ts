/** A file name safe to echo in a Content-Disposition header and a list (no paths, no control characters). */
export function cleanFileName(name: string, fallback: string) {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(0, 120);
  return clean || fallback;
}
