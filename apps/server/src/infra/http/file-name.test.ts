import { describe, expect, it } from 'vitest';
import { cleanFileName } from './file-name.js';

describe('cleanFileName: the one rule for every uploaded name', () => {
  it('keeps an ordinary name, accents and all', () => {
    expect(cleanFileName('recepción.jpg', 'imagen')).toBe('recepción.jpg');
    expect(cleanFileName('Factura (marzo) 2026_v2-final.pdf', 'factura.pdf')).toBe('Factura (marzo) 2026_v2-final.pdf');
    expect(cleanFileName('检查报告.png', 'x')).toBe('检查报告.png');
  });

  it('keeps only the last part of a path, whichever separator', () => {
    expect(cleanFileName('C:\\fotos\\sala.png', 'imagen')).toBe('sala.png');
    expect(cleanFileName('../../etc/x.png', 'imagen')).toBe('x.png');
    expect(cleanFileName('../../etc/passwd', 'f')).toBe('passwd');
  });

  it('drops control and invisible format characters (no header split, no right-to-left spoof)', () => {
    expect(cleanFileName('a\u0000b\n.png', 'imagen')).toBe('ab.png');
    expect(cleanFileName('foto\u202Egpj.exe', 'imagen')).toBe('fotogpj.exe');
    expect(cleanFileName('a\u200Bb.pdf', 'f')).toBe('ab.pdf');
  });

  it('turns header and markup characters into _', () => {
    expect(cleanFileName('a"; filename=evil.html', 'f')).toBe('a__ filename_evil.html');
    expect(cleanFileName('<img src=x>.png', 'f')).toBe('_img src_x_.png');
    expect(cleanFileName('100%.pdf', 'f')).toBe('100_.pdf');
  });

  it('never starts with a dot, folds spaces, and falls back when nothing is left', () => {
    expect(cleanFileName('.htaccess', 'f')).toBe('htaccess');
    expect(cleanFileName('..', 'imagen')).toBe('imagen');
    expect(cleanFileName('  a   b.png  ', 'f')).toBe('a b.png');
    expect(cleanFileName('', 'imagen')).toBe('imagen');
    expect(cleanFileName('\u0000\u0001', 'comprobante')).toBe('comprobante');
  });

  it('cuts at 120 characters without splitting a character', () => {
    expect(cleanFileName('a'.repeat(300), 'f')).toHaveLength(120);
    // '𠀀' is a letter outside the BMP (two UTF-16 units): the cut leaves no half of one.
    const astral = cleanFileName('𠀀'.repeat(200), 'f');
    expect(Array.from(astral)).toHaveLength(120);
    expect(astral).toBe('𠀀'.repeat(120));
    expect(cleanFileName('😀.png', 'f')).toBe('_.png');
  });

  it('is the same name in composed form (NFC), however the browser sent it', () => {
    expect(cleanFileName('recepcio\u0301n.jpg', 'x')).toBe('recepción.jpg');
  });
});
