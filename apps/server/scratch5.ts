import fs from 'node:fs';
import { loadPdfFonts, pdfRenderer } from './src/plugins/pdf.js';
import { renderDocument } from './src/modules/documents/documents.pdf.js';
import { normaliseSignature } from './src/modules/documents/signature.js';
import { drawnSignature } from './test/signature-fixture.js';
const sig = await normaliseSignature(drawnSignature(500, 180));
const fonts = loadPdfFonts();
if (process.env.MEMO) {
  for (const font of [fonts.regular, fonts.bold]) {
    const proto = Object.getPrototypeOf(font.getGlyph(36)) as { _decode: () => unknown };
    if (!(proto as any).__memo) {
      const orig = proto._decode;
      proto._decode = function (this: any) { if (this.__d === undefined) this.__d = orig.call(this); return this.__d; };
      (proto as any).__memo = true;
    }
  }
}
const pdf = pdfRenderer(fonts);
const samples = JSON.parse(fs.readFileSync('/tmp/docexp/samples.json','utf8'));
let tot = 0;
for (const [tipo, fields] of Object.entries(samples)) {
  const go = () => renderDocument(pdf, { tipo: tipo as never, fields: fields as never, doctor: { nombre: 'Ana', apellido: 'Castillo', regNumber: '4521', doctorCode: 'C-1' }, signature: sig, codigo: 'ABCD-EFGH-JKMN', verifyUrl: 'http://localhost:3000/verificar-documento?codigo=ABCD-EFGH-JKMN', issuedAt: Date.parse('2026-11-21T15:00:00Z'), clinic: { name: 'Clínica Virtual Panamá', city: 'Ciudad de Panamá' } });
  for (let i = 0; i < 30; i++) await go();
  const c0 = process.cpuUsage();
  const N = 50; for (let i = 0; i < N; i++) await go();
  const c = process.cpuUsage(c0); const ms = (c.user + c.system) / 1000 / N; tot += ms;
}
console.log(process.env.MEMO ? 'memo' : 'base', 'avg cpu ms/doc', (tot / 6).toFixed(1));
