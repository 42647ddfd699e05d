import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.js';

describe('CSV export (decision 0057)', () => {
  it('defuses every cell a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+50760001234')).toBe("'+50760001234");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
  });

  it('leaves ordinary text and numbers as they are, quoting commas, quotes and line breaks', () => {
    expect(csvCell('Dra. Elena Rivas')).toBe('Dra. Elena Rivas');
    expect(csvCell('Rivas, Elena')).toBe('"Rivas, Elena"');
    expect(csvCell('dice "hola"')).toBe('"dice ""hola"""');
    expect(csvCell('a\nb')).toBe('"a\nb"');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(40.5)).toBe('40.5');
  });

  it('writes a UTF-8 file Excel reads: BOM, header row, CRLF rows', () => {
    expect(toCsv(['Médico', 'Citas'], [['=cmd', 3], ['Ana', 0]])).toBe("\uFEFFMédico,Citas\r\n'=cmd,3\r\nAna,0\r\n");
  });
});
