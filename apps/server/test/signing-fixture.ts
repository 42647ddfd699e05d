import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { selfSignedIdentity, toPkcs12 } from '../src/modules/documents/documents.digital-signature.js';

/**
 * A PKCS#12 file of a certificate that is not the demo one, for tests that start the server as
 * in production (DOCUMENT_SIGNING_P12 is required there). Written once per process.
 */
let written: { path: string; password: string } | undefined;
export function productionSigningFile() {
  if (written) return written;
  const password = 'clave-del-certificado-de-prueba';
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-p12-')), 'firma.p12');
  fs.writeFileSync(file, toPkcs12(selfSignedIdentity('Clínica de Prueba S.A.', new Date(Date.UTC(2026, 0, 1)), { demo: false }), password));
  written = { path: file, password };
  return written;
}
