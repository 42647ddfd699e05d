import { useMutation } from '@tanstack/react-query';
import type { DocumentType } from '@clinica/shared';
import { pdfRequest, type PdfFile } from './pdf-request.js';

/** GET /api/doctor/documents/:tipo/:id/pdf (Descargar_<type>.php?id): one of the doctor's own documents. */
export async function downloadDocument({ tipo, id }: { tipo: DocumentType; id: string }): Promise<PdfFile> {
  return pdfRequest('GET', `/api/doctor/documents/${tipo}/${encodeURIComponent(id)}/pdf`);
}

export const useDownloadDocument = () => useMutation({ mutationFn: downloadDocument });
