import fp from 'fastify-plugin';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';

/**
 * PDF rendering with pdfkit. The fonts (DejaVu Sans from the `dejavu-fonts-ttf` npm package, so
 * no system font is needed, with every Spanish accent) are read and parsed ONCE at start-up and
 * the parsed fonts are shared by every document: parsing a TrueType file costs tens of
 * milliseconds, a document a few.
 */
export interface PdfFonts {
  regular: fontkit.Font;
  bold: fontkit.Font;
}

export interface PdfInfo {
  title: string;
  author: string;
  subject?: string;
  createdAt: Date;
}

export interface PdfRenderer {
  fonts: PdfFonts;
  /** A new Letter-size document with the fonts registered as 'regular' and 'bold'. */
  create(info: PdfInfo): PDFKit.PDFDocument;
  /** Ends the document and gives its bytes. */
  toBuffer(doc: PDFKit.PDFDocument): Promise<Buffer>;
}

const require = createRequire(import.meta.url);

const loadFont = (file: string): fontkit.Font => {
  const font = fontkit.create(fs.readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)));
  if (!('layout' in font)) throw new Error(`${file} is a font collection, not a font`);
  // fontkit caches each glyph with the characters it was first looked up for, and a PDF's text
  // layer (what pdftotext, search and screen readers read) comes from those characters. Shared
  // by many documents, a glyph first met as a part of an accented letter (the O inside Ó) would
  // be cached with no character and drop out of every later document's text. Looking every
  // character up once, now, caches each glyph with its own character. Presentation forms (the
  // fi ligature...) are left to the layout, which records them as the letters they join.
  for (const codePoint of font.characterSet) {
    if (codePoint < 0xfb00 || codePoint > 0xfb4f) font.glyphForCodePoint(codePoint);
  }
  memoiseGlyphDecoding(font);
  return font;
};

type GlyphInternals = { _decode?: (this: object) => unknown; _font?: { _variationProcessor?: unknown } };
const decodedGlyphs = new WeakMap<object, unknown>();
const memoised = new WeakSet<object>();

/**
 * Subsetting a font for each document decodes the outline of every glyph it uses
 * (TTFGlyph._decode), only to see whether the glyph is composite: a fifth of a document's time.
 * An outline never changes (except in variable fonts, left alone), so it is decoded once per
 * glyph. Without that method in a later fontkit, nothing changes but the speed.
 */
function memoiseGlyphDecoding(font: fontkit.Font) {
  const proto = Object.getPrototypeOf(font.getGlyph(0)) as GlyphInternals | null;
  const original = proto?._decode;
  if (!proto || typeof original !== 'function' || memoised.has(proto)) return;
  memoised.add(proto);
  proto._decode = function (this: GlyphInternals & object) {
    if (this._font?._variationProcessor) return original.call(this);
    if (!decodedGlyphs.has(this)) decodedGlyphs.set(this, original.call(this));
    return decodedGlyphs.get(this);
  };
}

/** Reads and parses the document fonts. */
export function loadPdfFonts(): PdfFonts {
  return { regular: loadFont('DejaVuSans.ttf'), bold: loadFont('DejaVuSans-Bold.ttf') };
}

// pdfkit (0.20) accepts a parsed fontkit font wherever it accepts font bytes; its type
// definitions only list bytes and paths.
const asSource = (font: fontkit.Font) => font as unknown as string;

/**
 * A plain-object cache (pdfkit reads and writes it with `cache[word]`) that starts afresh when it
 * holds `limit` entries, so a long-running server's memory stays bounded.
 */
function boundedCache(limit: number): Record<string, unknown> {
  let store: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  let size = 0;
  return new Proxy(store, {
    get: (_target, key) => (typeof key === 'string' ? store[key] : undefined),
    set: (_target, key, value) => {
      if (typeof key !== 'string') return false;
      if (!(key in store)) {
        if (size >= limit) {
          store = Object.create(null) as Record<string, unknown>;
          size = 0;
        }
        size++;
      }
      store[key] = value;
      return true;
    },
  });
}

interface EmbeddedFontInternals {
  layoutCache?: Record<string, unknown>;
}

/**
 * pdfkit shapes every word once per document (fontkit's OpenType layout: about a third of a
 * document's time) and keeps the result in the font's `layoutCache`. A shaped word depends only
 * on the font, and pdfkit copies a run before changing it, so one cache per parsed font can
 * serve every document. If a later pdfkit no longer has the cache, documents are just slower.
 */
function shareLayoutCache(doc: PDFKit.PDFDocument, name: string, cache: Record<string, unknown>) {
  doc.font(name);
  const embedded = (doc as unknown as { _font?: EmbeddedFontInternals })._font;
  if (embedded && typeof embedded.layoutCache === 'object') embedded.layoutCache = cache;
}

/** A renderer over already-parsed fonts. */
export function pdfRenderer(fonts: PdfFonts): PdfRenderer {
  const layoutCaches = { regular: boundedCache(50_000), bold: boundedCache(10_000) };
  return {
    fonts,
    create(info) {
      const doc = new PDFDocument({
        size: 'LETTER',
        margins: { top: 50, bottom: 60, left: 56, right: 56 },
        // No default font: pdfkit would load Helvetica's metrics for every document, and giving
        // it ours as the default makes each later font('regular') compare the two fonts' whole
        // name tables (JSON.stringify) instead of using its cache.
        font: '',
        bufferPages: true,
        info: {
          Title: info.title,
          Author: info.author,
          Subject: info.subject ?? info.title,
          Creator: info.author,
          Producer: 'PDFKit',
          CreationDate: info.createdAt,
        },
      });
      doc.registerFont('regular', asSource(fonts.regular));
      doc.registerFont('bold', asSource(fonts.bold));
      shareLayoutCache(doc, 'bold', layoutCaches.bold);
      shareLayoutCache(doc, 'regular', layoutCaches.regular);
      return doc;
    },
    toBuffer(doc) {
      return new Promise((resolve, reject) => {
        const chunks: Buffer[] = [];
        doc.on('data', (c: Buffer) => chunks.push(c));
        doc.on('end', () => resolve(Buffer.concat(chunks)));
        doc.on('error', reject);
        doc.end();
      });
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    pdf: PdfRenderer;
  }
}

export default fp(
  async (app) => {
    app.decorate('pdf', pdfRenderer(loadPdfFonts()));
  },
  { name: 'pdf' },
);
