import { fileTypeFromBuffer } from 'file-type';
import { PNG } from 'pngjs';
import { messages } from '@clinica/shared';
import { AppError } from '../../infra/http/errors.js';

const MAX_WIDTH = 2000;
const MAX_HEIGHT = 1000;
/** Fewer dark pixels than this is an empty pad, not a signature. */
const MIN_INK_PIXELS = 30;
const PADDING = 6;

const invalid = () => new AppError(400, messages.invalidSignature, { firma: messages.invalidSignature });

/**
 * Checks that the upload is a real PNG (by its bytes, then by decoding it) with ink on it, and
 * returns it cropped to the ink and flattened to 8-bit grey on white. A grey PNG without alpha
 * is embedded into a PDF as it is, without decoding, which keeps every document fast.
 */
export async function normaliseSignature(bytes: Buffer): Promise<Buffer> {
  const type = bytes.length > 24 ? await fileTypeFromBuffer(bytes) : undefined;
  if (type?.mime !== 'image/png') throw invalid();
  // IHDR comes first: refuse huge canvases before inflating them.
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width < 1 || height < 1 || width > MAX_WIDTH || height > MAX_HEIGHT) throw invalid();

  let png: PNG;
  try {
    png = PNG.sync.read(bytes);
  } catch {
    throw invalid();
  }

  // Grey value of each pixel over white, and the box around the ink.
  const grey = new Uint8Array(width * height);
  let ink = 0;
  let [minX, minY, maxX, maxY] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const a = png.data[i + 3]! / 255;
      const lum = 0.299 * png.data[i]! + 0.587 * png.data[i + 1]! + 0.114 * png.data[i + 2]!;
      const g = Math.round(lum * a + 255 * (1 - a));
      grey[y * width + x] = g;
      if (g < 160) {
        ink++;
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
    }
  }
  if (ink < MIN_INK_PIXELS) {
    throw new AppError(400, messages.signatureRequired, { firma: messages.signatureRequired });
  }

  const x0 = Math.max(0, minX - PADDING);
  const y0 = Math.max(0, minY - PADDING);
  const w = Math.min(width, maxX + PADDING + 1) - x0;
  const h = Math.min(height, maxY + PADDING + 1) - y0;
  const out = new PNG({ width: w, height: h });
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const g = grey[(y + y0) * width + (x + x0)]!;
      const o = (y * w + x) * 4;
      out.data[o] = g;
      out.data[o + 1] = g;
      out.data[o + 2] = g;
      out.data[o + 3] = 255;
    }
  }
  return PNG.sync.write(out, { colorType: 0 });
}
