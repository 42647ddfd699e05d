import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileSchema, type Profile } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** GET /api/patient/profile (Usuarios.php): the signed-in patient's profile. */
export async function getProfile(): Promise<Profile> {
  return profileSchema.parse(await api.get<unknown>('/api/patient/profile'));
}

export const RECORDS_KEY = ['records'] as const;

export const getProfileQueryOptions = () =>
  queryOptions({ queryKey: [...RECORDS_KEY, 'profile'] as const, queryFn: getProfile, staleTime: 0, retry: false });

export const useProfile = () => useQuery(getProfileQueryOptions());
