import zlib from 'node:zlib';

/**
 * Test images shared by the API tests (harness.ts) and the browser tests (e2e/fixtures.ts).
 * Node only (Buffer, zlib): never imported by the web app.
 */

/** A 1x1 PNG, a real image by its magic bytes. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A PNG that differs from every other (a text chunk with `label` before its end), for tests that
 * need distinct files: bytes appended after the image's end would make it a refused polyglot.
 */
export function distinctPng(label = `${Date.now()}-${Math.random()}`) {
  const data = Buffer.from(`Comment\0${label}`, 'latin1');
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from('tEXt', 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  const end = PNG_1X1.length - 12; // the IEND chunk
  return Buffer.concat([PNG_1X1.subarray(0, end), len, body, crc, PNG_1X1.subarray(end)]);
}
