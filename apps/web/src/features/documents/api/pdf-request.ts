import { ApiError } from '../../../lib/api-client.js';

/** A PDF the server answered, with the file name of its Content-Disposition header. */
export interface PdfFile {
  blob: Blob;
  filename: string;
}

/** The file name of a Content-Disposition header; the specification's default is archivo.pdf. */
export function filenameOf(disposition: string | null) {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through to the plain parameter
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return plain?.[1]?.trim() || 'archivo.pdf';
}

/**
 * A call that answers a PDF (the shared api client reads JSON only): same-origin, with the
 * session cookies; a refusal becomes an ApiError with the server's Spanish message.
 */
export async function pdfRequest(method: 'GET' | 'POST', path: string, body?: unknown): Promise<PdfFile> {
  const init: RequestInit = { method, credentials: 'same-origin', headers: { accept: 'application/pdf, application/json' } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, 'content-type': 'application/json' };
  }
  let res: Response;
  try {
    res = await fetch(path, init);
  } catch {
    throw new ApiError('', 0);
  }
  if (!res.ok || !res.headers.get('content-type')?.includes('application/pdf')) {
    let data: { message?: string; errors?: Record<string, string> } = {};
    try {
      data = (await res.json()) as typeof data;
    } catch {
      // not JSON: no message to show
    }
    throw new ApiError(data.message ?? '', res.status, data.errors ?? {});
  }
  return { blob: await res.blob(), filename: filenameOf(res.headers.get('content-disposition')) };
}

/** Offers a PDF to the browser as a download with its file name. */
export function saveFile({ blob, filename }: PdfFile) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; give the browser a moment before freeing it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
