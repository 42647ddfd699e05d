import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.js';

/**
 * GET /api/patient/export: all of the patient's data as one JSON file (Ley 81 de 2019), saved
 * under the name the server gives.
 */
export async function downloadExport(): Promise<void> {
  let res: Response;
  try {
    res = await fetch('/api/patient/export', { credentials: 'same-origin' });
  } catch {
    throw new ApiError('', 0);
  }
  if (!res.ok) throw new ApiError('', res.status);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'mis-datos.json';
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const useDownloadExport = () => useMutation({ mutationFn: downloadExport });
