import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appointmentSubmittedSchema, type AppointmentPaypalCapture, type AppointmentSubmitted } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { APPOINTMENTS_KEY } from './keys.js';

/** POST /api/appointments/paypal/capture (pago_paypal.php): monto, servicio, mensaje, fecha, hora, id_doctor, orderID, payerID. */
export async function capturePaypalOrder(body: AppointmentPaypalCapture): Promise<AppointmentSubmitted> {
  return appointmentSubmittedSchema.parse(await api.post<unknown>('/api/appointments/paypal/capture', body));
}

export const useCapturePaypalOrder = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: capturePaypalOrder, onSettled: () => client.invalidateQueries({ queryKey: APPOINTMENTS_KEY }) });
};
