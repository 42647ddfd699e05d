import { useMutation } from '@tanstack/react-query';
import { extraHourResultSchema } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { forConsultation, useChatTarget } from '../hooks/use-chat-target.js';

/** POST /api/chat/extra-hour/paypal/capture {orderID, payerID}: verified by the server, the hour is added at once. */
export async function captureExtraHour(body: { orderID: string; payerID?: string }, consulta?: string) {
  return extraHourResultSchema.parse(await api.post<unknown>(forConsultation('/api/chat/extra-hour/paypal/capture', consulta), body));
}

export const useCaptureExtraHour = () => {
  const consulta = useChatTarget();
  return useMutation({ mutationFn: (body: { orderID: string; payerID?: string }) => captureExtraHour(body, consulta) });
};
