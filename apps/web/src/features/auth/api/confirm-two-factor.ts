import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TotpCodeInput, TwoFactorRecoveryCodes } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { twoFactorStatusKey } from './get-two-factor-status.js';

/** Enrolment, step 2: the first code turns two-factor sign-in on; answers the recovery codes (shown once). */
export const confirmTwoFactor = ({ role, ...body }: TotpCodeInput & { role: 'admin' | 'doctor' }) =>
  api.post<TwoFactorRecoveryCodes>(`/api/${role}/two-factor/confirm`, body);

export const useConfirmTwoFactor = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmTwoFactor,
    onSuccess: (_data, { role }) => client.invalidateQueries({ queryKey: twoFactorStatusKey(role) }),
  });
};
