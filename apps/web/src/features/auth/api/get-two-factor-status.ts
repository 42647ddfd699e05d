import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TwoFactorStatus } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** Whether the signed-in staff account has two-factor sign-in, whether it is required, codes left. */
export const fetchTwoFactorStatus = (role: 'admin' | 'doctor') => api.get<TwoFactorStatus>(`/api/${role}/two-factor`);

export const twoFactorStatusKey = (role: 'admin' | 'doctor') => ['two-factor', role] as const;

export const getTwoFactorStatusQueryOptions = (role: 'admin' | 'doctor') =>
  queryOptions({ queryKey: twoFactorStatusKey(role), queryFn: () => fetchTwoFactorStatus(role) });

export const useTwoFactorStatus = (role: 'admin' | 'doctor') => useQuery(getTwoFactorStatusQueryOptions(role));
