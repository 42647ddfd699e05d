import { useMutation } from '@tanstack/react-query';
import type { AdminRegistration, DoctorRegistration } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

export type StaffRegistrationInput =
  | { role: 'admin'; data: AdminRegistration }
  | { role: 'doctor'; data: DoctorRegistration };

/** Staff registration with the security key; answers `mensaje` ('Registro exitoso'). */
export const registerStaff = ({ role, data }: StaffRegistrationInput) =>
  api.post<{ success: boolean; mensaje: string }>(`/api/${role}/register`, data);

export const useRegisterStaff = () => useMutation({ mutationFn: registerStaff });
