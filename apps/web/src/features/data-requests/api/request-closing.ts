import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClosingRequestInput, Result } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { DATA_REQUESTS_KEY } from './get-my-data-requests.js';

/** POST /api/patient/data-requests/closing: asks the clinic to close the account, after reading what that means. */
export const requestClosing = (body: ClosingRequestInput) =>
  api.post<Result>('/api/patient/data-requests/closing', body);

export function useRequestClosing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: requestClosing,
    onSuccess: () => client.invalidateQueries({ queryKey: DATA_REQUESTS_KEY }),
  });
}
