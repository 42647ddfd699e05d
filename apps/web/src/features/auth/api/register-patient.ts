import { useMutation } from '@tanstack/react-query';
import type { PatientRegistration, Result } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** Patient registration: multipart, every field of the form plus the ID-card image `image_cedula`. */
export function registerPatient({ data, image }: { data: PatientRegistration; image: File }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(data)) form.append(key, String(value));
  form.append('image_cedula', image, image.name);
  return api.post<Result>('/api/auth/register', form);
}

export const useRegisterPatient = () => useMutation({ mutationFn: registerPatient });
