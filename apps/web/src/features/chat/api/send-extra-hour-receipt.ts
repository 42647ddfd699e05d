import { useMutation } from '@tanstack/react-query';
import { RECEIPT_FILE_FIELD, extraHourResultSchema } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { forConsultation, useChatTarget } from '../hooks/use-chat-target.js';

/** POST /api/chat/extra-hour/receipt (multipart): metodo_de_pago, monto and the receipt; the hour waits for approval. */
type ExtraHourReceipt = { metodo_de_pago: 'Transferencia' | 'Yappy'; monto: number; file: File };

export async function sendExtraHourReceipt(input: ExtraHourReceipt, consulta?: string) {
  const form = new FormData();
  form.append('metodo_de_pago', input.metodo_de_pago);
  form.append('monto', String(input.monto));
  form.append(RECEIPT_FILE_FIELD, input.file, input.file.name);
  return extraHourResultSchema.parse(await api.post<unknown>(forConsultation('/api/chat/extra-hour/receipt', consulta), form));
}

export const useSendExtraHourReceipt = () => {
  const consulta = useChatTarget();
  return useMutation({ mutationFn: (input: ExtraHourReceipt) => sendExtraHourReceipt(input, consulta) });
};
