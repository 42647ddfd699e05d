import { sql } from 'drizzle-orm';
import type { DocumentType } from '@clinica/shared';
import type { Db } from '../../db/client.js';
import { documentCounters } from '../../db/schema.js';

/** The prefix of each type's numbers (issue 22: e.g. CI-2026-000123 for an incapacity certificate). */
export const DOCUMENT_NUMBER_PREFIX: Record<DocumentType, string> = {
  'certificado-salud': 'CS',
  'solicitud-examenes': 'SE',
  'historia-clinica': 'HC',
  'referencia-medica': 'RM',
  recetario: 'RE',
  'certificado-incapacidad': 'CI',
};

export const formatDocumentNumber = (tipo: DocumentType, year: number, n: number) =>
  `${DOCUMENT_NUMBER_PREFIX[tipo]}-${year}-${String(n).padStart(6, '0')}`;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Takes the next number of a type and year inside the caller's transaction. The upsert locks the
 * counter's row until the transaction ends: a concurrent issue waits for it, then counts on from
 * the committed value; a rolled-back issue gives its number back. So numbers are unique and
 * leave no gaps (docs/decisions/0041).
 */
export async function takeDocumentNumber(tx: Tx, tipo: DocumentType, year: number) {
  const [row] = await tx
    .insert(documentCounters)
    .values({ tipo, ano: year, ultimo: 1 })
    .onConflictDoUpdate({ target: [documentCounters.tipo, documentCounters.ano], set: { ultimo: sql`${documentCounters.ultimo} + 1` } })
    .returning({ ultimo: documentCounters.ultimo });
  return formatDocumentNumber(tipo, year, row!.ultimo);
}
