import type { FastifyRequest } from 'fastify';
import { IMAGE_MIME_TYPES, MAX_UPLOAD_BYTES, messages } from '@clinica/shared';
import { AppError, badRequest } from './errors.js';
import { checkedType } from './file-content.js';
import { holdsUnstorableText } from './validation.js';

export interface UploadedFile {
  field: string;
  filename: string;
  bytes: Buffer;
}

/** Room for the text fields and the multipart framing beside the files of a form. */
export const FORM_ALLOWANCE_BYTES = 1024 * 1024;

/**
 * Reads a multipart body: text fields, and at most one file for each named field, into memory.
 * A body whose declared length cannot fit under the limits is refused (413) before a byte of it
 * is read; without a declared length, @fastify/multipart's size limit refuses a file over
 * MAX_UPLOAD_BYTES (413) while it streams in. (The error handler closes the connection on 413,
 * so the rest of the body is never read either.)
 */
export async function readMultipart(request: FastifyRequest, fileFields: readonly string[]) {
  if (!request.isMultipart()) throw badRequest(messages.invalidRequest);
  const declared = Number(request.headers['content-length']);
  if (declared > fileFields.length * MAX_UPLOAD_BYTES + FORM_ALLOWANCE_BYTES) {
    throw new AppError(413, messages.fileTooLarge);
  }
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (!fileFields.includes(part.fieldname) || files.some((f) => f.field === part.fieldname)) {
        part.file.resume();
        throw badRequest(messages.invalidRequest);
      }
      files.push({ field: part.fieldname, filename: part.filename, bytes: await part.toBuffer() });
    } else {
      // busboy cuts a value at `fieldSize` and says so; a cut value must not pass as the real one.
      if (part.valueTruncated || part.fieldnameTruncated) throw badRequest(messages.fieldTooLong);
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  }
  if (holdsUnstorableText(fields)) throw badRequest(messages.textInvalid);
  return { fields, files };
}

/** The image's real type, by its whole content (infra/http/file-content.ts); refuses anything but PNG, JPEG or WebP. */
export async function assertImage(bytes: Buffer): Promise<(typeof IMAGE_MIME_TYPES)[number]> {
  const mime = await checkedType(bytes, IMAGE_MIME_TYPES);
  if (!mime) throw new AppError(400, messages.invalidImage, { _: messages.invalidImage });
  return mime;
}
