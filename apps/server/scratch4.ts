import fs from 'node:fs';
import { loadPdfFonts, pdfRenderer } from './src/plugins/pdf.js';
import { renderDocument } from './src/modules/documents/documents.pdf.js';
import { normaliseSignature } from './src/modules/documents/signature.js';
import { drawnSignature } from './test/signature-fixture.js';
const sig = await normaliseSignature(drawnSignature(500, 180));
const pdf = pdfRenderer(loadPdfFonts());
const samples = JSON.parse(fs.readFileSync('/tmp/docexp/samples.json','utf8'));
for (const [tipo, fields] of Object.entries(samples)) {
  const go = () => renderDocument(pdf, { tipo: tipo as never, fields: fields as never, doctor: { nombre: 'Ana', apellido: 'Castillo', regNumber: '4521', doctorCode: 'C-1' }, signature: sig, codigo: 'ABCD-EFGH-JKMN', verifyUrl: 'http://localhost:3000/verificar-documento?codigo=ABCD-EFGH-JKMN', issuedAt: Date.parse('2026-11-21T15:00:00Z'), clinic: { name: 'Clínica Virtual Panamá', city: 'Ciudad de Panamá' } });
  for (let i = 0; i < 30; i++) await go();
  const c0 = process.cpuUsage(); const t0 = performance.now();
  const N = 50; for (let i = 0; i < N; i++) await go();
  const c = process.cpuUsage(c0);
  console.log(tipo.padEnd(25), 'cpu ms/doc', ((c.user + c.system) / 1000 / N).toFixed(1), 'wall ms/doc', ((performance.now() - t0) / N).toFixed(1));
}
