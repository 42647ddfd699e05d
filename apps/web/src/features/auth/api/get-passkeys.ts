import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PasskeyList } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** The signed-in staff account's passkeys (name, created, last used). */
export const fetchPasskeys = (role: 'admin' | 'doctor') => api.get<PasskeyList>(`/api/${role}/passkeys`);

export const passkeysKey = (role: 'admin' | 'doctor') => ['passkeys', role] as const;

export const usePasskeys = (role: 'admin' | 'doctor', enabled: boolean) =>
  useQuery(queryOptions({ queryKey: passkeysKey(role), queryFn: () => fetchPasskeys(role), enabled }));
