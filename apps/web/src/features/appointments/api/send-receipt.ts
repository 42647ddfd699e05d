import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RECEIPT_FILE_FIELD, type AppointmentReceipt, type AppointmentSubmitted } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { APPOINTMENTS_KEY } from './keys.js';

/** POST /api/appointments/receipt (pago_yappy_y_tranferencia.php, multipart): the request, metodo_de_pago, monto and the receipt. */
export async function sendReceipt(input: { fields: AppointmentReceipt; file: File }): Promise<AppointmentSubmitted> {
  const form = new FormData();
  for (const [key, value] of Object.entries(input.fields)) form.append(key, String(value));
  form.append(RECEIPT_FILE_FIELD, input.file, input.file.name);
  // Typed, not re-parsed: the route's response schema shapes the answer, and zod stays out of /citas' first load (decision 0015).
  return api.post<AppointmentSubmitted>('/api/appointments/receipt', form);
}

export const useSendReceipt = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: sendReceipt, onSettled: () => client.invalidateQueries({ queryKey: APPOINTMENTS_KEY }) });
};
