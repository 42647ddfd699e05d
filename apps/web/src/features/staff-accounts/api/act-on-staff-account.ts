import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Result, StaffAction } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** POST /api/admin/staff/:id/{approve|reject|deactivate|reactivate}: one administrator's action on an account. */
export const actOnStaffAccount = ({ id, action }: { id: string; action: StaffAction }) =>
  api.post<Result>(`/api/admin/staff/${encodeURIComponent(id)}/${action}`);

/** The list is read again after every answer: a refusal (409) means it changed meanwhile. */
export const useActOnStaffAccount = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: actOnStaffAccount,
    onSettled: () => client.invalidateQueries({ queryKey: ['staff-accounts'] }),
  });
};
