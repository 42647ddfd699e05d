import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { loadPdfFonts, pdfRenderer } from './src/plugins/pdf.js';
const pdf = pdfRenderer(loadPdfFonts());
async function t(name: string, fn: (d: PDFKit.PDFDocument) => void) {
  const doc = pdf.create({ title: 'x', author: 'y', createdAt: new Date() });
  fn(doc);
  const b = await pdf.toBuffer(doc);
  fs.writeFileSync(`/tmp/docexp/${name}.pdf`, b);
  console.log(name, JSON.stringify(execFileSync('pdftotext', ['-enc', 'UTF-8', `/tmp/docexp/${name}.pdf`, '-']).toString()));
}
await t('r1', (d) => d.font('regular').text('Sofía Ordóñez'));
await t('r2', (d) => { d.font('bold').text('Hola'); d.font('regular').text('Sofía Ordóñez'); });
await t('r3', (d) => { d.font('regular').text('Ordóñez Oso'); d.font('bold').text('Oso'); });
await t('r4', (d) => { d.text('Sofía Ordóñez'); });
