import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RECEIPT_FILE_FIELD, appointmentSubmittedSchema, type AppointmentReceipt, type AppointmentSubmitted } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { APPOINTMENTS_KEY } from './keys.js';

/** POST /api/appointments/receipt (pago_yappy_y_tranferencia.php, multipart): the request, metodo_de_pago, monto and the receipt. */
export async function sendReceipt(input: { fields: AppointmentReceipt; file: File }): Promise<AppointmentSubmitted> {
  const form = new FormData();
  for (const [key, value] of Object.entries(input.fields)) form.append(key, String(value));
  form.append(RECEIPT_FILE_FIELD, input.file, input.file.name);
  return appointmentSubmittedSchema.parse(await api.post<unknown>('/api/appointments/receipt', form));
}

export const useSendReceipt = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: sendReceipt, onSettled: () => client.invalidateQueries({ queryKey: APPOINTMENTS_KEY }) });
};
