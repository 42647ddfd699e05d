import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentSessionSchema, type PaymentSession, type Service } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** GET /api/payments/session?servicio (check_session_pagos): signed in?, and the server's price. */
export async function getPaymentSession(servicio: Service): Promise<PaymentSession> {
  return paymentSessionSchema.parse(await api.get<unknown>(`/api/payments/session?servicio=${encodeURIComponent(servicio)}`));
}

export const getPaymentSessionQueryOptions = (servicio: Service) =>
  queryOptions({ queryKey: ['payments', 'session', servicio] as const, queryFn: () => getPaymentSession(servicio), staleTime: 0 });

export const usePaymentSession = (servicio: Service) => useQuery(getPaymentSessionQueryOptions(servicio));
