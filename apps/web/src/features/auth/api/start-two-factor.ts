import { useMutation } from '@tanstack/react-query';
import type { TwoFactorSetup } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** Enrolment, step 1: a new secret, its QR code and the secret for manual entry. */
export const startTwoFactor = (role: 'admin' | 'doctor') => api.post<TwoFactorSetup>(`/api/${role}/two-factor/setup`);

export const useStartTwoFactor = () => useMutation({ mutationFn: startTwoFactor });
