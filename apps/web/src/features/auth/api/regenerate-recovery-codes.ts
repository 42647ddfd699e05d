import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TotpCodeInput, TwoFactorRecoveryCodes } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { twoFactorStatusKey } from './get-two-factor-status.js';

/** New recovery codes (the old ones stop working); needs a current code. */
export const regenerateRecoveryCodes = ({ role, ...body }: TotpCodeInput & { role: 'admin' | 'doctor' }) =>
  api.post<TwoFactorRecoveryCodes>(`/api/${role}/two-factor/recovery-codes`, body);

export const useRegenerateRecoveryCodes = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: (_data, { role }) => client.invalidateQueries({ queryKey: twoFactorStatusKey(role) }),
  });
};
