import { useMutation } from '@tanstack/react-query';
import { consultationSubmittedSchema, type ConsultationPaypalCapture, type ConsultationSubmitted } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** POST /api/consultations/paypal/capture ("verify PayPal payment"): history fields, doctor, orderID, payerID. */
export async function capturePaypalOrder(body: ConsultationPaypalCapture): Promise<ConsultationSubmitted> {
  return consultationSubmittedSchema.parse(await api.post<unknown>('/api/consultations/paypal/capture', body));
}

export const useCapturePaypalOrder = () => useMutation({ mutationFn: capturePaypalOrder });
