import { useMutation, useQueryClient } from '@tanstack/react-query';
import { doctorProfileSchema, type DoctorProfileData } from '@clinica/shared';
import { z } from 'zod/mini';
import { api } from '../../../lib/api-client.js';
import { doctorProfileKey, profileUrl } from './get-doctor-profile.js';

const savedSchema = z.object({ success: z.literal(true), message: z.string(), perfil: doctorProfileSchema });

/** PUT /api/doctor/profile (or an administrator's /api/admin/doctors/:id/profile). */
export async function saveDoctorProfile({ doctorId, values }: { doctorId?: string | undefined; values: DoctorProfileData }) {
  return savedSchema.parse(await api.put<unknown>(profileUrl(doctorId), values));
}

export const useSaveDoctorProfile = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveDoctorProfile,
    // The document forms show the profile read-only: they read it again too.
    onSuccess: (_r, { doctorId }) => Promise.all([
      client.invalidateQueries({ queryKey: doctorProfileKey(doctorId) }),
      client.invalidateQueries({ queryKey: ['documents'] }),
    ]),
  });
};
