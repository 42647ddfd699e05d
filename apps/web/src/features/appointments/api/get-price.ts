import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentSession, Service } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { APPOINTMENTS_KEY } from './keys.js';

/** GET /api/payments/session?servicio (check_session_pagos): the server's price of the service, in dollars. */
export async function getPrice(servicio: Service): Promise<number> {
  // Typed, not re-parsed: the route's response schema shapes the answer, and zod stays out of /citas' first load (decision 0015).
  return (await api.get<PaymentSession>(`/api/payments/session?servicio=${encodeURIComponent(servicio)}`)).precio;
}

export const getPriceQueryOptions = (servicio: Service) =>
  queryOptions({ queryKey: [...APPOINTMENTS_KEY, 'price', servicio] as const, queryFn: () => getPrice(servicio) });

export const usePrice = (servicio: Service | '') => useQuery({ ...getPriceQueryOptions(servicio || 'consulta_general'), enabled: servicio !== '' });
