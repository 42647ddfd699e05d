import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { messages } from '@clinica/shared';
import { AppError } from './errors.js';
import { pdfIsInert } from './pdf-active-content.js';

/**
 * The largest image accepted: per side and in all. A 1 MB PNG can declare 20000 x 20000 pixels
 * (1.6 GB once decoded, for every page that shows it); a phone's photo is 12 to 50 megapixels.
 */
export const MAX_IMAGE_SIDE = 10_000;
export const MAX_IMAGE_PIXELS = 50_000_000;

/** The types a stored upload may have; each is checked whole, not only by its first bytes. */
export type CheckedMime = 'image/png' | 'image/jpeg' | 'image/webp' | 'application/pdf';

const PNG_END = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]); // IEND + CRC
const JPEG_END = Buffer.from([0xff, 0xd9]);

// Markup or code a browser, a server or a PDF reader would act on. A receipt photo or a scanned
// exam has no reason to carry any: such a file is a polyglot (a valid image that is also a page
// or a script) and is refused whatever its first bytes say. Each pattern is long enough that
// compressed image data does not hold it by chance (about one in a million 10 MB photos for the
// shortest, '<html' + a space).
const MARKUP = /<(?:script|iframe|object|embed|!doctype)|<html[\s>]|<\?php\s|javascript:/i;

/** Does the container end where its format says it ends (nothing hidden after it)? */
function endsWhole(bytes: Buffer, mime: CheckedMime) {
  switch (mime) {
    case 'image/png':
      return bytes.subarray(-PNG_END.length).equals(PNG_END);
    case 'image/jpeg':
      return bytes.subarray(-JPEG_END.length).equals(JPEG_END);
    case 'image/webp':
      // RIFF: the size field counts every byte after the first eight.
      return bytes.length >= 12 && bytes.readUInt32LE(4) + 8 === bytes.length;
    case 'application/pdf':
      // Incremental updates append after an %%EOF, but the file still ends with one.
      return bytes.subarray(-1024).includes('%%EOF');
  }
}

/**
 * The file's real type when it is wholly one of `allowed`: detected from its content (never its
 * name or the type the client claimed), ending where its format ends, and carrying no markup,
 * script. Undefined otherwise; a 400 with its own message for a PDF with active content (parsed by
 * infra/http/pdf-active-content.ts) or an image whose header declares too many pixels.
 */
export async function checkedType<M extends CheckedMime>(bytes: Buffer, allowed: readonly M[]): Promise<M | undefined> {
  if (bytes.length === 0) return undefined;
  const found = (await fileTypeFromBuffer(bytes))?.mime;
  const mime = allowed.find((m) => m === found);
  if (!mime || !endsWhole(bytes, mime)) return undefined;
  // latin1 maps each byte to one character, so the patterns see the raw bytes.
  const text = bytes.toString('latin1');
  if (MARKUP.test(text)) return undefined;
  // The parser, not the pattern, decides (object streams, escaped names: issue 19).
  if (mime === 'application/pdf' && !(await pdfIsInert(bytes)))
    throw new AppError(400, messages.pdfActiveContent, { _: messages.pdfActiveContent });
  if (mime !== 'application/pdf') await assertImageSize(bytes);
  return mime;
}

/** Refuses an image whose header declares too many pixels, before anything decodes it. */
async function assertImageSize(bytes: Buffer) {
  // sharp's metadata reads the header only (PNG IHDR, JPEG SOF, WebP VP8 header): no pixel is decoded.
  const { width, height } = await sharp(bytes)
    .metadata()
    .catch(() => ({ width: undefined, height: undefined }));
  if (!width || !height || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    throw new AppError(400, messages.imageTooLarge, { _: messages.imageTooLarge });
  }
}
