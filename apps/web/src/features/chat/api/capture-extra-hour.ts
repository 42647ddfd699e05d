import { useMutation } from '@tanstack/react-query';
import { extraHourResultSchema } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** POST /api/chat/extra-hour/paypal/capture {orderID, payerID}: verified by the server, the hour is added at once. */
export async function captureExtraHour(body: { orderID: string; payerID?: string }) {
  return extraHourResultSchema.parse(await api.post<unknown>('/api/chat/extra-hour/paypal/capture', body));
}

export const useCaptureExtraHour = () => useMutation({ mutationFn: captureExtraHour });
