import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PNG_1X1 } from '../../test/harness.js';
import { checkedType } from './file-content.js';

// Uploads are checked by their whole content (issue 11, item 4): the real type from the bytes,
// the container ending where its format ends, no markup or script inside, no active PDF content.

const IMAGES = ['image/png', 'image/jpeg', 'image/webp'] as const;
const RECEIPTS = [...IMAGES, 'application/pdf'] as const;

/** A PNG chunk with its CRC, so a decoder would accept the file. */
function pngChunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([len, body, crc]);
}
const IEND_AT = PNG_1X1.length - 12;
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]), Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'), Buffer.from([0xff, 0xd9])]);
function webp(payload: Buffer, sizeDelta = 0) {
  const body = Buffer.concat([Buffer.from('WEBPVP8L', 'latin1'), payload]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length + sizeDelta);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), size, body]);
}
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

describe('checkedType', () => {
  it('accepts whole PNG, JPEG, WebP and PDF files by their content', async () => {
    expect(await checkedType(PNG_1X1, IMAGES)).toBe('image/png');
    expect(await checkedType(JPEG, IMAGES)).toBe('image/jpeg');
    expect(await checkedType(webp(Buffer.from([0x2f, 0, 0, 0, 0])), IMAGES)).toBe('image/webp');
    expect(await checkedType(PDF, RECEIPTS)).toBe('application/pdf');
  });

  it('refuses a type the field does not take, whatever the bytes are', async () => {
    expect(await checkedType(PDF, IMAGES)).toBeUndefined();
    expect(await checkedType(Buffer.alloc(0), IMAGES)).toBeUndefined();
  });

  it('refuses renamed files: HTML, SVG, a script or an executable are not images', async () => {
    for (const bytes of [
      Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      Buffer.from('#!/bin/sh\nrm -rf /\n'),
      Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]),
    ]) {
      expect(await checkedType(bytes, RECEIPTS)).toBeUndefined();
    }
  });

  it('refuses polyglots: data after the end of the image, markup inside a valid image', async () => {
    const trailing = Buffer.concat([PNG_1X1, Buffer.from('<html><script>alert(1)</script></html>')]);
    expect(await checkedType(trailing, IMAGES)).toBeUndefined();
    const inChunk = Buffer.concat([
      PNG_1X1.subarray(0, IEND_AT),
      pngChunk('tEXt', Buffer.from('Comment\0<script>fetch("/api/admin/patients")</script>', 'latin1')),
      PNG_1X1.subarray(IEND_AT),
    ]);
    expect(inChunk.subarray(-12).equals(PNG_1X1.subarray(-12))).toBe(true); // a whole PNG by its end
    expect(await checkedType(inChunk, IMAGES)).toBeUndefined();
    const jpegPhp = Buffer.concat([JPEG.subarray(0, -2), Buffer.from('<?php system($_GET["c"]); ?>'), JPEG.subarray(-2)]);
    expect(await checkedType(jpegPhp, IMAGES)).toBeUndefined();
    expect(await checkedType(Buffer.concat([JPEG, Buffer.from('PK\x03\x04zip')]), IMAGES)).toBeUndefined();
    expect(await checkedType(webp(Buffer.from([0x2f, 0, 0, 0, 0]), -3), IMAGES)).toBeUndefined();
  });

  it('keeps harmless text inside an image (metadata) and refuses PDFs with scripts, launches or attachments', async () => {
    const withMeta = Buffer.concat([
      PNG_1X1.subarray(0, IEND_AT),
      pngChunk('tEXt', Buffer.from('Comment\0Recibo de transferencia <Banco General>', 'latin1')),
      PNG_1X1.subarray(IEND_AT),
    ]);
    expect(await checkedType(withMeta, IMAGES)).toBe('image/png');
    for (const active of ['/OpenAction<</S/JavaScript/JS(app.alert(1))>>', '/AA<</O<</S/Launch/F(cmd.exe)>>>>', '/Names<</EmbeddedFiles 2 0 R>>/EmbeddedFile']) {
      const pdf = Buffer.from(`%PDF-1.4\n1 0 obj<</Type/Catalog${active}>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`);
      expect(await checkedType(pdf, RECEIPTS), active).toBeUndefined();
    }
    expect(await checkedType(Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n'), RECEIPTS)).toBeUndefined(); // cut short
  });
});
