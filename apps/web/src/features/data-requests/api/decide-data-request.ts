import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DataRequestDecisionInput, Result } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { ADMIN_DATA_REQUESTS_KEY } from './get-admin-data-requests.js';

/** POST /api/admin/data-requests/:id/decision: accept, or refuse with the reason the patient will read. */
export const decideDataRequest = ({ id, ...body }: DataRequestDecisionInput & { id: string }) =>
  api.post<Result>(`/api/admin/data-requests/${encodeURIComponent(id)}/decision`, body);

export function useDecideDataRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: decideDataRequest,
    onSettled: () => client.invalidateQueries({ queryKey: ADMIN_DATA_REQUESTS_KEY }),
  });
}
