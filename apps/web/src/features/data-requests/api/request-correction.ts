import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CorrectionRequestInput, Result } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { DATA_REQUESTS_KEY } from './get-my-data-requests.js';

/** POST /api/patient/data-requests/correction: the fields that change, their correct values and the reason. */
export const requestCorrection = (body: CorrectionRequestInput) =>
  api.post<Result>('/api/patient/data-requests/correction', body);

export function useRequestCorrection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: requestCorrection,
    onSuccess: () => client.invalidateQueries({ queryKey: DATA_REQUESTS_KEY }),
  });
}
