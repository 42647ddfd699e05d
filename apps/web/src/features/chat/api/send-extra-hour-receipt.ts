import { useMutation } from '@tanstack/react-query';
import { RECEIPT_FILE_FIELD, extraHourResultSchema } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** POST /api/chat/extra-hour/receipt (multipart): metodo_de_pago, monto and the receipt; the hour waits for approval. */
export async function sendExtraHourReceipt(input: { metodo_de_pago: 'Transferencia' | 'Yappy'; monto: number; file: File }) {
  const form = new FormData();
  form.append('metodo_de_pago', input.metodo_de_pago);
  form.append('monto', String(input.monto));
  form.append(RECEIPT_FILE_FIELD, input.file, input.file.name);
  return extraHourResultSchema.parse(await api.post<unknown>('/api/chat/extra-hour/receipt', form));
}

export const useSendExtraHourReceipt = () => useMutation({ mutationFn: sendExtraHourReceipt });
