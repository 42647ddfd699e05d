import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentFields, DocumentType } from '@clinica/shared';
import { pdfRequest, type PdfFile } from './pdf-request.js';
import { documentsListKey } from './get-documents.js';

/**
 * POST /api/doctor/documents/:tipo (the form fields as JSON, and `pacienteId`, the account of the
 * doctor's patient it is for; without it the document is a walk-in's, bound to no account;
 * `reemplazaId`, the annulled document this one replaces).
 */
export async function generateDocument({
  tipo,
  fields,
  pacienteId,
  reemplazaId,
}: {
  tipo: DocumentType;
  fields: DocumentFields;
  pacienteId?: string | undefined;
  reemplazaId?: string | undefined;
}): Promise<PdfFile> {
  return pdfRequest('POST', `/api/doctor/documents/${tipo}`, {
    ...fields,
    ...(pacienteId ? { pacienteId } : {}),
    ...(reemplazaId ? { reemplazaId } : {}),
  });
}

/** After a document is generated the table is read again from the server. */
export const useGenerateDocument = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: generateDocument,
    onSuccess: (_file, { tipo }) => client.invalidateQueries({ queryKey: documentsListKey(tipo) }),
  });
};
