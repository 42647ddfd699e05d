import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Result, TotpCodeInput } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { twoFactorStatusKey } from './get-two-factor-status.js';

/** Turns two-factor sign-in off (refused when required); needs a current code. */
export const disableTwoFactor = ({ role, ...body }: TotpCodeInput & { role: 'admin' | 'doctor' }) =>
  api.post<Result>(`/api/${role}/two-factor/disable`, body);

export const useDisableTwoFactor = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: (_data, { role }) => client.invalidateQueries({ queryKey: twoFactorStatusKey(role) }),
  });
};
