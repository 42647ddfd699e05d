import fs from 'node:fs';
import { PNG } from 'pngjs';
import { loadPdfFonts, pdfRenderer } from './src/plugins/pdf.js';
import { renderDocument } from './src/modules/documents/documents.pdf.js';
import { normaliseSignature } from './src/modules/documents/signature.js';
const png = new PNG({ width: 400, height: 150 });
for (let x = 20; x < 380; x++) { const y = Math.round(75 + Math.sin(x / 15) * 30); for (let dy=-2;dy<=2;dy++){const i=((y+dy)*400+x)*4; png.data[i]=10;png.data[i+1]=20;png.data[i+2]=60;png.data[i+3]=255;} }
const sig = await normaliseSignature(PNG.sync.write(png));
const pdf = pdfRenderer(loadPdfFonts());
const samples = JSON.parse(fs.readFileSync('/tmp/docexp/samples.json','utf8'));
for (const [tipo, fields] of Object.entries(samples)) {
  const b = await renderDocument(pdf, { tipo: tipo as never, fields: fields as never, doctor: { nombre: 'Ana', apellido: 'Castillo', regNumber: '4521', doctorCode: 'C-1' }, signature: sig, codigo: 'ABCD-EFGH-JKMN', verifyUrl: 'http://localhost:3000/verificar-documento?codigo=ABCD-EFGH-JKMN', issuedAt: Date.parse('2026-11-21T15:00:00Z'), clinic: { name: 'Clínica Virtual Panamá', city: 'Ciudad de Panamá' } });
  fs.writeFileSync(`/tmp/docexp/${tipo}.pdf`, b);
}
