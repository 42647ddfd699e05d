import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Result } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { passkeysKey } from './get-passkeys.js';

/** Removes one passkey of the signed-in account (the sessions it opened end). */
export const removePasskey = ({ role, id }: { role: 'admin' | 'doctor'; id: string }) =>
  api.delete<Result>(`/api/${role}/passkeys/${encodeURIComponent(id)}`);

export const useRemovePasskey = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSettled: (_r, _e, { role }) => client.invalidateQueries({ queryKey: passkeysKey(role) }),
  });
};
