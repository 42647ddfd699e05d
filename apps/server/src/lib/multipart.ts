import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { IMAGE_MIME_TYPES, messages } from '@clinica/shared';
import { AppError, badRequest } from './errors.js';

export interface UploadedFile {
  field: string;
  filename: string;
  bytes: Buffer;
}

/**
 * Reads a multipart body: text fields, and the files of the named fields into memory. The size
 * limit is @fastify/multipart's, so a file over it is refused (413) while it streams in.
 */
export async function readMultipart(request: FastifyRequest, fileFields: readonly string[]) {
  if (!request.isMultipart()) throw badRequest(messages.invalidRequest);
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (!fileFields.includes(part.fieldname)) {
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
  return { fields, files };
}

/** The image's real type, from its first bytes; refuses anything but PNG, JPEG or WebP. */
export async function assertImage(bytes: Buffer): Promise<(typeof IMAGE_MIME_TYPES)[number]> {
  const type = bytes.length > 0 ? await fileTypeFromBuffer(bytes) : undefined;
  const mime = IMAGE_MIME_TYPES.find((m) => m === type?.mime);
  if (!mime) throw new AppError(400, messages.invalidImage, { _: messages.invalidImage });
  return mime;
}
