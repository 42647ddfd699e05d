import { useMutation } from '@tanstack/react-query';
import { pdfRequest, type PdfFile } from './pdf-request.js';

/** GET /api/patient/documents/:id/pdf: one of the patient's own documents. */
export async function downloadPatientDocument(id: string): Promise<PdfFile> {
  return pdfRequest('GET', `/api/patient/documents/${encodeURIComponent(id)}/pdf`);
}

export const useDownloadPatientDocument = () => useMutation({ mutationFn: downloadPatientDocument });
