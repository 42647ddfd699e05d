import { IMAGE_MIME_TYPES, messages } from '@clinica/shared';
import { badRequest } from '../../lib/errors.js';
import { checkedType } from '../../lib/file-content.js';

/** What a transfer or Yappy receipt may be (decisions.md, "Files"): an image or a PDF, by content. */
export const RECEIPT_MIME_TYPES = [...IMAGE_MIME_TYPES, 'application/pdf'] as const;
export type ReceiptMime = (typeof RECEIPT_MIME_TYPES)[number];

/** The receipt's real type by its whole content (lib/file-content.ts); refuses an empty file and anything else. */
export async function assertReceiptFile(bytes: Buffer, field: string): Promise<ReceiptMime> {
  if (bytes.length === 0) throw badRequest(messages.emptyFile, { [field]: messages.emptyFile });
  const mime = await checkedType(bytes, RECEIPT_MIME_TYPES);
  if (!mime) throw badRequest(messages.invalidReceiptFile, { [field]: messages.invalidReceiptFile });
  return mime;
}

/** Fiscal receipts are PDF only (staff.md, section 5), checked by content, not by name. */
export async function assertPdf(bytes: Buffer, field: string): Promise<'application/pdf'> {
  if (bytes.length === 0) throw badRequest(messages.emptyFile, { [field]: messages.emptyFile });
  if ((await checkedType(bytes, ['application/pdf'])) !== 'application/pdf') throw badRequest(messages.onlyPdf, { [field]: messages.onlyPdf });
  return 'application/pdf';
}

/** A file name safe to echo in a Content-Disposition header and a list (no paths, no control characters). */
export function cleanFileName(name: string, fallback: string) {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(0, 120);
  return clean || fallback;
}
