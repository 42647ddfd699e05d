import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentsConfigSchema, type PaymentsConfig } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** GET /api/payments/config (obtener_paypal_config): PayPal's client id and SDK address, bank accounts, Yappy. */
export async function getPaymentsConfig(): Promise<PaymentsConfig> {
  return paymentsConfigSchema.parse(await api.get<unknown>('/api/payments/config'));
}

export const getPaymentsConfigQueryOptions = () =>
  queryOptions({ queryKey: ['payments', 'config'] as const, queryFn: getPaymentsConfig, staleTime: 5 * 60_000 });

export const usePaymentsConfig = () => useQuery(getPaymentsConfigQueryOptions());
