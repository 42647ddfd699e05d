import { useMutation } from '@tanstack/react-query';
import { RECEIPT_FILE_FIELD, consultationSubmittedSchema, type ConsultationReceipt, type ConsultationSubmitted } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** POST /api/consultations/receipt (multipart): metodo_de_pago, monto, the history, doctor_id and the receipt file. */
export async function sendReceipt(input: { fields: ConsultationReceipt; file: File }): Promise<ConsultationSubmitted> {
  const form = new FormData();
  for (const [key, value] of Object.entries(input.fields)) form.append(key, String(value));
  form.append(RECEIPT_FILE_FIELD, input.file, input.file.name);
  return consultationSubmittedSchema.parse(await api.post<unknown>('/api/consultations/receipt', form));
}

export const useSendReceipt = () => useMutation({ mutationFn: sendReceipt });
