import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentSessionSchema, type Service } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { APPOINTMENTS_KEY } from './keys.js';

/** GET /api/payments/session?servicio (check_session_pagos): the server's price of the service, in dollars. */
export async function getPrice(servicio: Service): Promise<number> {
  return paymentSessionSchema.parse(await api.get<unknown>(`/api/payments/session?servicio=${encodeURIComponent(servicio)}`)).precio;
}

export const getPriceQueryOptions = (servicio: Service) =>
  queryOptions({ queryKey: [...APPOINTMENTS_KEY, 'price', servicio] as const, queryFn: () => getPrice(servicio) });

export const usePrice = (servicio: Service | '') => useQuery({ ...getPriceQueryOptions(servicio || 'consulta_general'), enabled: servicio !== '' });
