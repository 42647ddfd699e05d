import { IMAGE_MIME_TYPES, messages } from '@clinica/shared';
import { badRequest } from '../../infra/http/errors.js';
import { checkedType } from '../../infra/http/file-content.js';

/** What a transfer or Yappy receipt may be (docs/spec/decisions.md, "Files"): an image or a PDF, by content. */
export const RECEIPT_MIME_TYPES = [...IMAGE_MIME_TYPES, 'application/pdf'] as const;
export type ReceiptMime = (typeof RECEIPT_MIME_TYPES)[number];

/** The receipt's real type by its whole content (infra/http/file-content.ts); refuses an empty file and anything else. */
export async function assertReceiptFile(bytes: Buffer, field: string): Promise<ReceiptMime> {
  if (bytes.length === 0) throw badRequest(messages.emptyFile, { [field]: messages.emptyFile });
  const mime = await checkedType(bytes, RECEIPT_MIME_TYPES);
  if (!mime) throw badRequest(messages.invalidReceiptFile, { [field]: messages.invalidReceiptFile });
  return mime;
}

/** Fiscal receipts are PDF only (docs/spec/staff.md, section 5), checked by content, not by name. */
export async function assertPdf(bytes: Buffer, field: string): Promise<'application/pdf'> {
  if (bytes.length === 0) throw badRequest(messages.emptyFile, { [field]: messages.emptyFile });
  if ((await checkedType(bytes, ['application/pdf'])) !== 'application/pdf') throw badRequest(messages.onlyPdf, { [field]: messages.onlyPdf });
  return 'application/pdf';
}
