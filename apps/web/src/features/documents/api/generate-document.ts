import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentFields, DocumentType } from '@clinica/shared';
import { pdfRequest, type PdfFile } from './pdf-request.js';
import { documentsListKey } from './get-documents.js';

/** POST /api/doctor/documents/:tipo (the form fields as JSON): the generated PDF and its file name. */
export async function generateDocument({ tipo, fields }: { tipo: DocumentType; fields: DocumentFields }): Promise<PdfFile> {
  return pdfRequest('POST', `/api/doctor/documents/${tipo}`, fields);
}

/** After a document is generated the table is read again from the server. */
export const useGenerateDocument = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: generateDocument,
    onSuccess: (_file, { tipo }) => client.invalidateQueries({ queryKey: documentsListKey(tipo) }),
  });
};
