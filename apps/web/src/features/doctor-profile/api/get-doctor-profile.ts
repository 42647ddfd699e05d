import { queryOptions, useQuery } from '@tanstack/react-query';
import { doctorProfileSchema, type DoctorProfile } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** Where a profile is read and saved: the doctor's own, or a doctor's for an administrator. */
export const profileUrl = (doctorId?: string) => (doctorId ? `/api/admin/doctors/${encodeURIComponent(doctorId)}/profile` : '/api/doctor/profile');

/** GET /api/doctor/profile (or /api/admin/doctors/:id/profile): the identity printed on documents. */
export async function getDoctorProfile(doctorId?: string): Promise<DoctorProfile> {
  return doctorProfileSchema.parse(await api.get<unknown>(profileUrl(doctorId)));
}

export const doctorProfileKey = (doctorId?: string) => ['doctor-profile', doctorId ?? 'own'] as const;

export const useDoctorProfile = (doctorId?: string) =>
  useQuery(queryOptions({ queryKey: doctorProfileKey(doctorId), queryFn: () => getDoctorProfile(doctorId), staleTime: 0 }));
