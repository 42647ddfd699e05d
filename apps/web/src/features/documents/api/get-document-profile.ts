import { queryOptions, useQuery } from '@tanstack/react-query';
import { doctorDocumentProfileSchema, type DoctorDocumentProfile } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** GET /api/doctor/documents/profile: the doctor's registration number, code and whether a signature is saved. */
export async function getDocumentProfile(): Promise<DoctorDocumentProfile> {
  return doctorDocumentProfileSchema.parse(await api.get<unknown>('/api/doctor/documents/profile'));
}

export const DOCUMENTS_KEY = ['documents'] as const;
export const PROFILE_KEY = [...DOCUMENTS_KEY, 'profile'] as const;

export const getDocumentProfileQueryOptions = () => queryOptions({ queryKey: PROFILE_KEY, queryFn: getDocumentProfile, staleTime: 0 });

export const useDocumentProfile = () => useQuery(getDocumentProfileQueryOptions());
