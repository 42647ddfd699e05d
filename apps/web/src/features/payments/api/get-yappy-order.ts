import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMERS, YAPPY_API, yappyOrderStateSchema, type YappyOrderStateAnswer } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** GET /api/payments/yappy/orders/:orden: where the patient's own Yappy order stands (the server's word, from Yappy's notification). */
export async function getYappyOrder(orden: string): Promise<YappyOrderStateAnswer> {
  return yappyOrderStateSchema.parse(await api.get<unknown>(`${YAPPY_API.orderState}/${encodeURIComponent(orden)}`));
}

const FINAL: YappyOrderStateAnswer['estado'][] = ['pagada', 'rechazada', 'cancelada', 'expirada', 'pagada_tarde'];

/** Polled every 5 s like the transfer's wait (TIMERS.authorisationPollMs) until the order ends, also in a background tab. */
export const getYappyOrderQueryOptions = (orden: string) =>
  queryOptions({
    queryKey: ['payments', 'yappy', orden] as const,
    queryFn: () => getYappyOrder(orden),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && FINAL.includes(query.state.data.estado) ? false : TIMERS.authorisationPollMs),
    refetchIntervalInBackground: true,
  });

export const useYappyOrder = (orden: string | null) => useQuery({ ...getYappyOrderQueryOptions(orden ?? ''), enabled: orden !== null });
