import PDFDocument from 'pdfkit';
import fs from 'node:fs';
import * as fontkit from 'fontkit';
import { execFileSync } from 'node:child_process';
const bytes = fs.readFileSync('../../node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const shared = fontkit.create(bytes);
async function make(src, name, text) {
  const doc = new PDFDocument({ font: src });
  const chunks = []; doc.on('data', c => chunks.push(c));
  const done = new Promise(r => doc.on('end', r));
  doc.text(text); doc.end(); await done;
  fs.writeFileSync(`/tmp/docexp/${name}.pdf`, Buffer.concat(chunks));
  return execFileSync('pdftotext', ['-enc','UTF-8',`/tmp/docexp/${name}.pdf`,'-']).toString().trim();
}
const t = 'Omeprazol Ordóñez ORL Oso';
console.log('bytes:', await make(bytes, 'b1', t));
console.log('shared1:', await make(shared, 's1', t));
console.log('shared2:', await make(shared, 's2', t));
console.log('bytes nl:', await make(bytes, 'b2', 'abc\nOmeprazol'));
