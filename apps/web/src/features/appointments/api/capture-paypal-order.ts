import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppointmentPaypalCapture, AppointmentSubmitted } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { APPOINTMENTS_KEY } from './keys.js';

/** POST /api/appointments/paypal/capture (pago_paypal.php): monto, servicio, mensaje, fecha, hora, id_doctor, orderID, payerID. */
export async function capturePaypalOrder(body: AppointmentPaypalCapture): Promise<AppointmentSubmitted> {
  // Typed, not re-parsed: the route's response schema shapes the answer, and zod stays out of /citas' first load (decision 0015).
  return api.post<AppointmentSubmitted>('/api/appointments/paypal/capture', body);
}

export const useCapturePaypalOrder = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: capturePaypalOrder, onSettled: () => client.invalidateQueries({ queryKey: APPOINTMENTS_KEY }) });
};
