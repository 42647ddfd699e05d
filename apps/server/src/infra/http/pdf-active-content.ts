import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFStream, type PDFObject } from 'pdf-lib';

// What a PDF reader acts on by itself or on a click: scripts, actions run on opening or on an
// event (/OpenAction, /AA), programs and forms sent elsewhere, links, attached files, rich media
// and XFA forms. A scanned exam or a bank receipt needs none of them (issue 19).
const ACTIVE = new Set([
  'JavaScript',
  'JS',
  'OpenAction',
  'AA',
  'Launch',
  'SubmitForm',
  'ImportData',
  'ResetForm',
  'URI',
  'GoToR',
  'GoToE',
  'EmbeddedFile',
  'EmbeddedFiles',
  'FileAttachment',
  'RichMedia',
  'XFA',
  'Sound',
  'Movie',
  'Rendition',
]);

// pdf-lib unescapes #xx in names with upper-case hex only, and writes the '#' of a lower-case
// escape back as '#23': '/J#61vaScript' and '/J#6avaScript' must both read 'JavaScript', as a
// reader reads them.
const unescape = (s: string) =>
  s.replace(/#([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const nameText = (name: PDFName) => unescape(unescape(name.asString().slice(1)));

/** Whether any name (key or value) anywhere under `obj` is active content. */
function holdsActive(obj: PDFObject | undefined, seen: Set<PDFObject>, depth: number): boolean {
  if (!obj || depth > 64 || seen.has(obj)) return false;
  seen.add(obj);
  if (obj instanceof PDFName) return ACTIVE.has(nameText(obj));
  if (obj instanceof PDFArray) return obj.asArray().some((o) => holdsActive(o, seen, depth + 1));
  if (obj instanceof PDFStream || obj instanceof PDFRawStream) return holdsActive(obj.dict, seen, depth + 1);
  if (obj instanceof PDFDict) {
    for (const [key, value] of obj.entries()) {
      if (ACTIVE.has(nameText(key)) || holdsActive(value, seen, depth + 1)) return true;
    }
  }
  return false;
}

/**
 * Is this PDF free of active content? Parsed with pdf-lib: every object of the file, those inside
 * compressed object streams included (decompressed by the parser), names unescaped. A file that
 * does not parse, or is encrypted (its object streams cannot be read), is not accepted either.
 */
export async function pdfIsInert(bytes: Uint8Array): Promise<boolean> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
  } catch {
    return false;
  }
  if (doc.isEncrypted) return false;
  const seen = new Set<PDFObject>();
  if (holdsActive(doc.context.trailerInfo.Root, seen, 0)) return false;
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (holdsActive(obj, seen, 0)) return false;
  }
  return true;
}
